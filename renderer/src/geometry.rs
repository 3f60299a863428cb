//! Where marbles are in space, and the perspective camera that photographs them.
//!
//! World units are hole spacings. `x` runs along the columns (A on the left), `y` points up and
//! `z` runs along the rows, away from the viewer (row 1 is nearest).

use akron_rules::{Color, Point};

/// Marble radius, in hole spacings. A little less than a half, so the board shows between
/// neighbours.
pub(crate) const RADIUS: f32 = 0.45;
/// Height of a level-0 marble's centre above the board: it sits in its dip.
pub(crate) const REST_HEIGHT: f32 = 0.24;
/// The camera's elevation, in degrees above the board.
///
/// A marble behind a stack stays visible when `tan(elevation)` exceeds twice the height step
/// per level (about 1.1), so anything above 48° works; 58° leaves room for perspective.
pub(crate) const ELEVATION_DEGREES: f32 = 58.0;
/// Camera distance from the board's centre, in board sides.
pub(crate) const DISTANCE_IN_SIDES: f32 = 2.6;

/// A rectangle of the image, in pixels: left, top, width and height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    pub(crate) const fn new(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area { x, y, w, h }
    }
}

/// A point in world space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Vec3 {
    pub x: f32,
    pub y: f32,
    pub z: f32,
}

impl Vec3 {
    pub(crate) const fn new(x: f32, y: f32, z: f32) -> Vec3 {
        Vec3 { x, y, z }
    }
}

/// Height gained per level: a marble resting on four touching the corners of a unit square.
pub(crate) fn level_step() -> f32 {
    (4.0 * RADIUS * RADIUS - 0.5).sqrt()
}

/// The centre of the marble on `p`: seen from above it sits at `(x + k/2, y + k/2)`.
pub(crate) fn centre(p: Point) -> Vec3 {
    let k = f32::from(p.level());
    Vec3::new(
        f32::from(p.x()) + k / 2.0,
        REST_HEIGHT + k * level_step(),
        f32::from(p.y()) + k / 2.0,
    )
}

/// A projected point: screen position, and pixels per world unit there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Projected {
    pub x: f32,
    pub y: f32,
    pub scale: f32,
}

/// A pinhole camera in front of row 1, above the board, looking at the board's centre.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Camera {
    eye: Vec3,
    sin: f32,
    cos: f32,
    focal: f32,
    offset_x: f32,
    offset_y: f32,
}

impl Camera {
    /// The camera for an `size` board, with unit focal length and no screen offset.
    pub(crate) fn new(size: u8) -> Camera {
        let n = f32::from(size);
        let centre = (n - 1.0) / 2.0;
        let (sin, cos) = ELEVATION_DEGREES.to_radians().sin_cos();
        let distance = DISTANCE_IN_SIDES * n;
        Camera {
            eye: Vec3::new(centre, distance * sin, centre - distance * cos),
            sin,
            cos,
            focal: 1.0,
            offset_x: 0.0,
            offset_y: 0.0,
        }
    }

    /// The same camera scaled by `focal` pixels and shifted so that `(0, 0)` lands on
    /// `(offset_x, offset_y)`.
    pub(crate) fn fitted(self, focal: f32, offset_x: f32, offset_y: f32) -> Camera {
        Camera {
            focal: self.focal * focal,
            offset_x: self.offset_x * focal + offset_x,
            offset_y: self.offset_y * focal + offset_y,
            ..self
        }
    }

    /// Where `v` appears on screen (y grows downwards).
    pub(crate) fn project(&self, v: Vec3) -> Projected {
        let dx = v.x - self.eye.x;
        let dy = v.y - self.eye.y;
        let dz = v.z - self.eye.z;
        let up = dy * self.cos + dz * self.sin;
        let depth = (dz * self.cos - dy * self.sin).max(0.01);
        let scale = self.focal / depth;
        Projected {
            x: self.offset_x + dx * scale,
            y: self.offset_y - up * scale,
            scale,
        }
    }

    /// Squared distance from the eye, for painter's order (farthest first).
    pub(crate) fn distance_squared(&self, v: Vec3) -> f32 {
        let dx = v.x - self.eye.x;
        let dy = v.y - self.eye.y;
        let dz = v.z - self.eye.z;
        dx * dx + dy * dy + dz * dz
    }

    /// How much a circle lying flat on the board is squashed vertically on screen.
    pub(crate) fn flattening(&self) -> f32 {
        self.sin
    }
}

/// Sorts pieces far to near and low to high, the order in which they must be painted.
pub(crate) fn painter_order<T>(camera: &Camera, items: &mut [(Point, T)]) {
    items.sort_by(|a, b| {
        let da = camera.distance_squared(centre(a.0));
        let db = camera.distance_squared(centre(b.0));
        db.total_cmp(&da)
    });
}

/// How far the edge bands start outside the outer holes, in hole spacings.
const BAND_INSET: f32 = 0.56;
/// How wide the edge bands are, in hole spacings.
const BAND_WIDTH: f32 = 0.2;

/// Each player's two edge bands on an `n`-wide board, as quadrilaterals in board units
/// (x along the columns, the second coordinate along the rows), mitred so that the corners
/// belong to both players.
pub(crate) fn edge_bands(n: f32) -> [(Color, [(f32, f32); 4]); 4] {
    let inner = (-BAND_INSET, n - 1.0 + BAND_INSET);
    let outer = (inner.0 - BAND_WIDTH, inner.1 + BAND_WIDTH);
    [
        (
            Color::Black,
            [
                (outer.0, outer.0),
                (outer.1, outer.0),
                (inner.1, inner.0),
                (inner.0, inner.0),
            ],
        ),
        (
            Color::Black,
            [
                (outer.0, outer.1),
                (outer.1, outer.1),
                (inner.1, inner.1),
                (inner.0, inner.1),
            ],
        ),
        (
            Color::White,
            [
                (outer.0, outer.0),
                (outer.0, outer.1),
                (inner.0, inner.1),
                (inner.0, inner.0),
            ],
        ),
        (
            Color::White,
            [
                (outer.1, outer.0),
                (outer.1, outer.1),
                (inner.1, inner.1),
                (inner.1, inner.0),
            ],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resting_marbles_touch_their_supports() {
        let top = centre(Point::new(2, 3, 1));
        let support = centre(Point::new(3, 4, 0));
        let d = ((top.x - support.x).powi(2)
            + (top.y - support.y).powi(2)
            + (top.z - support.z).powi(2))
        .sqrt();
        assert!((d - 2.0 * RADIUS).abs() < 1e-4, "distance {d}");
    }

    #[test]
    fn columns_share_a_spot_from_above() {
        let low = centre(Point::new(3, 3, 0));
        let high = centre(Point::new(2, 2, 2));
        assert_eq!((low.x, low.z), (high.x, high.z));
        assert!(high.y > low.y);
    }

    #[test]
    fn projection_puts_row_one_at_the_bottom_and_column_a_on_the_left() {
        let camera = Camera::new(8).fitted(1000.0, 500.0, 400.0);
        let a1 = camera.project(centre(Point::new(0, 0, 0)));
        let h1 = camera.project(centre(Point::new(7, 0, 0)));
        let a8 = camera.project(centre(Point::new(0, 7, 0)));
        assert!(a1.x < h1.x, "A left of H");
        assert!(a1.y > a8.y, "row 1 below row 8");
        // Perspective: the near row is wider than the far one.
        let h8 = camera.project(centre(Point::new(7, 7, 0)));
        assert!(h1.x - a1.x > h8.x - a8.x);
        assert!(a1.scale > a8.scale);
        // Symmetric about the middle.
        assert!(((a1.x + h1.x) / 2.0 - 500.0).abs() < 1e-2);
    }

    #[test]
    fn higher_marbles_appear_higher() {
        let camera = Camera::new(8).fitted(1000.0, 0.0, 0.0);
        let low = camera.project(centre(Point::new(3, 3, 0)));
        let high = camera.project(centre(Point::new(2, 2, 2)));
        assert!(high.y < low.y);
        assert!(high.scale > low.scale, "higher is nearer the camera");
    }

    #[test]
    fn painter_order_is_far_to_near_and_low_to_high() {
        let camera = Camera::new(8);
        let mut items = vec![
            (Point::new(3, 0, 0), ()),
            (Point::new(3, 3, 1), ()),
            (Point::new(3, 7, 0), ()),
            (Point::new(3, 3, 0), ()),
            (Point::new(4, 4, 0), ()),
            (Point::new(3, 4, 0), ()),
            (Point::new(4, 3, 0), ()),
        ];
        painter_order(&camera, &mut items);
        let order: Vec<Point> = items.iter().map(|i| i.0).collect();
        let pos = |p: Point| order.iter().position(|&q| q == p);
        // The far row first, the near row last.
        assert_eq!(order[0], Point::new(3, 7, 0));
        assert_eq!(order[6], Point::new(3, 0, 0));
        // The level-1 marble comes after all four of its supports.
        let top = pos(Point::new(3, 3, 1));
        for support in [(3, 3), (4, 3), (3, 4), (4, 4)] {
            assert!(
                pos(Point::new(support.0, support.1, 0)) < top,
                "{support:?}"
            );
        }
    }
}
