//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables).
//!
//! This is a port of Joris van Rantwijk's well-known `mwmatching` (itself following Galil,
//! "Efficient algorithms for finding maximum matching in graphs", 1986): O(n³) time, integer
//! weights only, so every comparison is exact. With `max_cardinality` it returns, among the
//! matchings of greatest size, one of greatest weight; the Swiss pairing relies on that to
//! pair everybody and then weighs its preferences in tiers.

/// "No vertex / no edge / no endpoint" in the index arrays below.
const NONE: usize = usize::MAX;

/// An undirected edge `(i, j, weight)` between vertices `0..n`.
pub(crate) type Edge = (usize, usize, i128);

/// The working state of one run. Field names follow the original so it can be compared line
/// by line; vertices are `0..n`, blossoms `n..2n`, and endpoint `p` of edge `k` is `2k` (its
/// first vertex) or `2k + 1` (its second).
struct Matcher<'a> {
    edges: &'a [Edge],
    n: usize,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i128>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

/// Returns `mate[v]` (the vertex matched with `v`, or `None`) for a maximum-weight matching of
/// the graph on `n` vertices; with `max_cardinality`, the heaviest among the largest matchings.
///
/// Weights must stay below 2^120 or so; callers scale their tiers to fit.
pub(crate) fn max_weight_matching(
    n: usize,
    edges: &[Edge],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    if edges.is_empty() || n == 0 {
        return vec![None; n];
    }
    // Doubling the weights keeps every dual variable an integer (the S–S slack is halved).
    let doubled: Vec<Edge> = edges.iter().map(|&(i, j, w)| (i, j, 2 * w)).collect();
    let mut matcher = Matcher::new(n, &doubled);
    matcher.solve(max_cardinality);
    matcher
        .mate
        .iter()
        .map(|&p| (p != NONE).then(|| matcher.endpoint[p]))
        .collect()
}

impl<'a> Matcher<'a> {
    fn new(n: usize, edges: &'a [Edge]) -> Self {
        let max_weight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let mut dualvar = vec![max_weight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        Matcher {
            edges,
            n,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn blossom_leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == 1 {
                let leaves = self.blossom_leaves(b);
                self.queue.extend(leaves);
                return;
            }
            // b became a T-blossom: its base's mate becomes S.
            let base = self.blossombase[b];
            let m = self.mate[base];
            w = self.endpoint[m];
            t = 1;
            p = m ^ 1;
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (v, w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            let v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            let w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        for v in self.blossom_leaves_of(&path) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .blossom_leaves(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    // j is the end outside the new blossom.
                    let (i, j, _) = self.edges[k];
                    let j = if self.inblossom[j] == b { i } else { j };
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut be = NONE;
        for &k in &best {
            if be == NONE || self.slack(k) < self.slack(be) {
                be = k;
            }
        }
        self.blossombestedges[b] = Some(best);
        self.bestedge[b] = be;
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    fn blossom_leaves_of(&self, children: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &c in children {
            self.leaves(c, &mut out);
        }
        out
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.blossom_leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = endps[at(j - endptrick as isize)];
                self.label[self.endpoint[q ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let labelled = self
                    .blossom_leaves(bv)
                    .into_iter()
                    .find(|&v| self.label[v] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s, p);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self, max_cardinality: bool) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path with the current duals: find the smallest dual change.
                let mut deltatype = 0u8;
                let mut delta = 0i128;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                if !max_cardinality {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0);
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]) / 2;
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    // Only with max_cardinality: no further improvement is possible.
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0).max(0);
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    2 => {
                        self.allowedge[deltaedge] = true;
                        // Queue the end that is already an S-vertex.
                        let (i, j, _) = self.edges[deltaedge];
                        let i = if self.label[self.inblossom[i]] == 0 {
                            j
                        } else {
                            i
                        };
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    4 => self.expand_blossom(deltablossom, false),
                    _ => break,
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mates(n: usize, edges: &[Edge], max_cardinality: bool) -> Vec<Option<usize>> {
        max_weight_matching(n, edges, max_cardinality)
    }

    fn weight(edges: &[Edge], mate: &[Option<usize>]) -> i128 {
        edges
            .iter()
            .filter(|&&(i, j, _)| mate[i] == Some(j))
            .map(|e| e.2)
            .sum()
    }

    /// Every matching of the graph, by brute force, as (size, weight) of the best.
    fn brute_force(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
        fn go(
            at: usize,
            used: &mut Vec<bool>,
            edges: &[Edge],
            size: usize,
            w: i128,
            best: &mut (usize, i128),
            max_cardinality: bool,
        ) {
            let better = if max_cardinality {
                (size, w) > *best
            } else {
                w > best.1
            };
            if better {
                *best = (size, w);
            }
            for k in at..edges.len() {
                let (i, j, wt) = edges[k];
                if !used[i] && !used[j] {
                    used[i] = true;
                    used[j] = true;
                    go(k + 1, used, edges, size + 1, w + wt, best, max_cardinality);
                    used[i] = false;
                    used[j] = false;
                }
            }
        }
        let mut best = (0, 0);
        go(
            0,
            &mut vec![false; n],
            edges,
            0,
            0,
            &mut best,
            max_cardinality,
        );
        best
    }

    #[test]
    fn van_rantwijk_reference_cases() {
        // Cases from the original test suite.
        assert_eq!(mates(2, &[(0, 1, 1)], false), vec![Some(1), Some(0)]);
        assert_eq!(
            mates(4, &[(1, 2, 10), (2, 3, 11)], false),
            vec![None, None, Some(3), Some(2)]
        );
        assert_eq!(
            mates(
                4,
                &[(0, 1, 2), (0, 2, -2), (1, 2, 1), (1, 3, -1), (2, 3, -6)],
                false
            ),
            vec![Some(1), Some(0), None, None]
        );
        assert_eq!(
            mates(
                4,
                &[(0, 1, 2), (0, 2, -2), (1, 2, 1), (1, 3, -1), (2, 3, -6)],
                true
            ),
            vec![Some(2), Some(3), Some(0), Some(1)]
        );
        // S-blossom, relabelled as T and expanded.
        let edges = [
            (1, 2, 23),
            (1, 5, 22),
            (1, 6, 15),
            (2, 3, 25),
            (3, 4, 22),
            (4, 5, 25),
            (4, 8, 14),
            (5, 7, 13),
        ];
        assert_eq!(
            mates(9, &edges, false),
            vec![
                None,
                Some(6),
                Some(3),
                Some(2),
                Some(8),
                Some(7),
                Some(1),
                Some(5),
                Some(4)
            ]
        );
        // Nested S-blossom, relabelled as S, expanded recursively.
        let edges = [
            (1, 2, 40),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ];
        assert_eq!(
            mates(11, &edges, false),
            vec![
                None,
                Some(2),
                Some(1),
                Some(5),
                Some(9),
                Some(3),
                Some(7),
                Some(6),
                Some(10),
                Some(4),
                Some(8)
            ]
        );
    }

    #[test]
    fn agrees_with_brute_force_on_small_random_graphs() {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(7);
        for round in 0..400 {
            let n = rng.random_range(2..9);
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if rng.random_bool(0.6) {
                        edges.push((i, j, rng.random_range(-5..30)));
                    }
                }
            }
            let max_cardinality = round % 2 == 0;
            let mate = mates(n, &edges, max_cardinality);
            for (v, partner) in mate.iter().enumerate() {
                if let Some(w) = *partner {
                    assert_eq!(mate[w], Some(v));
                    assert!(edges
                        .iter()
                        .any(|&(i, j, _)| (i, j) == (v, w) || (i, j) == (w, v)));
                }
            }
            let size = mate.iter().flatten().count() / 2;
            let best = brute_force(n, &edges, max_cardinality);
            if max_cardinality {
                assert_eq!((size, weight(&edges, &mate)), best, "{edges:?}");
            } else {
                assert_eq!(weight(&edges, &mate), best.1, "{edges:?}");
            }
        }
    }
}
