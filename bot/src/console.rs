//! The console front end: slash-command text in, replies out, on the same service and
//! database as the bot. Users are plain names (`console:NAME`), the channel is
//! `console:main` unless switched, and buttons are printed as commands to type.

use crate::service::text::parse_command;
use crate::service::{
    ChannelId, Destination, GameId, Reply, Request, ServerId, Service, User, UserId,
};
use akron_rules::{Color, Point, Position};
use std::fs;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The console's state: who acts, where, and where pictures go.
#[derive(Debug)]
pub struct Console<'a> {
    service: &'a Service,
    user: String,
    channel: String,
    moderator: bool,
    out_dir: PathBuf,
    pictures: usize,
}

const CONSOLE_HELP: &str = "Console: `as NAME` switches the acting user, `in CHANNEL` the \
channel (one game per channel), `mod on|off` makes the user a moderator, `quit` leaves. A \
trailing `#N` aims a command at game N, as the buttons do. `show FILE` reads a record file.";

impl<'a> Console<'a> {
    /// A console acting as `alice` in channel `main`, writing pictures into `out_dir`.
    #[must_use]
    pub fn new(service: &'a Service, out_dir: &Path) -> Console<'a> {
        Console {
            service,
            user: "alice".to_string(),
            channel: "main".to_string(),
            moderator: false,
            out_dir: out_dir.to_path_buf(),
            pictures: 0,
        }
    }

    /// Reads commands from `input` until it ends (or `quit`), printing replies to `output`.
    ///
    /// # Errors
    ///
    /// When reading, writing or saving a picture fails.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        fs::create_dir_all(&self.out_dir)?;
        let prompt = io::stdin().is_terminal();
        writeln!(
            output,
            "Akron console on {}. Board pictures go to {}. Type `help`.",
            self.service.config().db_path.display(),
            self.out_dir.display()
        )?;
        // Whatever fell due while nobody was here (a challenge expired) is settled and told.
        self.deliver_notices(&mut output)?;
        if prompt {
            write!(output, "{}> ", self.user)?;
            output.flush()?;
        }
        for line in input.lines() {
            let line = line?;
            if !self.line(&line, &mut output)? {
                break;
            }
            self.deliver_notices(&mut output)?;
            if prompt {
                write!(output, "{}> ", self.user)?;
            }
            output.flush()?;
        }
        Ok(())
    }

    /// Handles one line. Returns false to stop.
    fn line(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(true);
        }
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("quit" | "exit"), None, _) => return Ok(false),
            (Some("as"), Some(name), None) => {
                self.user = name.trim_start_matches('@').to_string();
                writeln!(out, "Now acting as {}.", self.user)?;
                return Ok(true);
            }
            (Some("in"), Some(channel), None) => {
                self.channel = channel.trim_start_matches('#').to_string();
                writeln!(out, "Now in channel {}.", self.channel)?;
                return Ok(true);
            }
            (Some("mod"), Some(on), None) => {
                self.moderator = on == "on";
                writeln!(
                    out,
                    "{} is {}a moderator.",
                    self.user,
                    if self.moderator { "" } else { "not " }
                )?;
                return Ok(true);
            }
            (Some("help" | "/akron help" | "/help"), None, _) => writeln!(out, "{CONSOLE_HELP}")?,
            _ => {}
        }
        let (line, game) = split_game(line);
        let line = self.read_show_file(line);
        let command = match parse_command(&line, |name| Some(console_user(name))) {
            Ok(command) => command,
            Err(e) => {
                writeln!(out, "! {e}")?;
                return Ok(true);
            }
        };
        let request = Request {
            user: console_user(&self.user),
            channel: ChannelId::new("console", &self.channel),
            is_moderator: self.moderator,
            game,
            server: Some(ServerId("console".to_string())),
            command,
        };
        let reply = self.service.handle(&request);
        self.print(&reply, out)?;
        Ok(true)
    }

    /// Settles what is due and prints the notices for the console, as the bot would post
    /// them, marking each delivered.
    fn deliver_notices(&mut self, out: &mut impl Write) -> io::Result<()> {
        if let Err(error) = self.service.tick(self.service.now()) {
            writeln!(out, "! could not settle what is due: {error}")?;
        }
        let notices = match self.service.due_notices("console", 100) {
            Ok(notices) => notices,
            Err(error) => {
                writeln!(out, "! could not read the notices: {error}")?;
                return Ok(());
            }
        };
        for notice in notices {
            let place = match &notice.to {
                Destination::Channel(channel) => format!("in #{}", channel.local()),
                Destination::User(user) => format!("to {} (direct message)", user.local()),
            };
            writeln!(out, "» notice {place}:")?;
            self.print(&notice.reply, out)?;
            if let Err(error) = self.service.notice_delivered(notice.id) {
                writeln!(out, "! could not mark the notice delivered: {error}")?;
            }
        }
        Ok(())
    }

    /// `show FILE` reads the file.
    fn read_show_file(&self, line: &str) -> String {
        let rest = line
            .strip_prefix("/akron")
            .unwrap_or(line)
            .trim()
            .strip_prefix("show ")
            .map(str::trim);
        match rest.map(|path| (path, fs::read_to_string(path))) {
            Some((_, Ok(text))) => format!("show {text}"),
            _ => line.to_string(),
        }
    }

    fn print(&mut self, reply: &Reply, out: &mut impl Write) -> io::Result<()> {
        let marker = if reply.ephemeral { "! " } else { "" };
        let text = reply.text_with(|u| format!("@{}", u.name), |c| format!("#{}", c.local()));
        writeln!(out, "{marker}{text}")?;
        if let Some(code) = &reply.position {
            if let Ok(position) = Position::from_code(code) {
                write!(out, "{}", ascii_board(&position))?;
            }
        }
        if let Some(png) = &reply.image {
            self.pictures += 1;
            let path = self.out_dir.join(format!("board-{:04}.png", self.pictures));
            fs::write(&path, png)?;
            writeln!(out, "(picture: {})", path.display())?;
        }
        if let Some(file) = &reply.attachment {
            let name = Path::new(&file.filename)
                .file_name()
                .map_or_else(|| "record.txt".into(), |n| n.to_owned());
            let path = self.out_dir.join(name);
            fs::write(&path, &file.content)?;
            writeln!(out, "(file: {})", path.display())?;
            out.write_all(&file.content)?;
        }
        for button in &reply.buttons {
            writeln!(
                out,
                "[{}] type: /akron {} #{}",
                button.label,
                button_text(button),
                button.game.0
            )?;
        }
        Ok(())
    }
}

/// The command a button stands for, as typed.
fn button_text(button: &crate::service::Button) -> String {
    use crate::service::Command;
    match &button.command {
        Command::Draw(o) => format!("draw {}", o.name()),
        Command::Takeback(o) => format!("takeback {}", o.name()),
        other => other.name().to_string(),
    }
}

/// A console user: `console:NAME`.
#[must_use]
pub fn console_user(name: &str) -> User {
    let name = name.trim_start_matches('@');
    User::new(UserId::new("console", name), name)
}

/// Splits a trailing `#N` off a command line.
fn split_game(line: &str) -> (&str, Option<GameId>) {
    if let Some((head, tail)) = line.rsplit_once(char::is_whitespace) {
        if tail.starts_with('#') {
            if let Ok(id) = tail.parse::<GameId>() {
                return (head.trim_end(), Some(id));
            }
        }
    }
    (line, None)
}

/// The position as text, one grid per occupied level: `x` Black, `o` White, `.` empty.
#[must_use]
pub fn ascii_board(position: &Position) -> String {
    let n = position.size();
    let mut out = String::new();
    let top = position.height().max(1);
    for level in 0..top.min(n) {
        let side = n - level;
        let apostrophes = "'".repeat(usize::from(level));
        if level == 0 {
            out.push_str("  level 0 (holes)\n");
        } else {
            out.push_str(&format!("  level {level} ({apostrophes})\n"));
        }
        out.push_str("     ");
        for x in 0..side {
            out.push(char::from(b'A' + x));
            out.push(' ');
        }
        out.push('\n');
        for y in (0..side).rev() {
            out.push_str(&format!("  {:>2} ", u16::from(y) + u16::from(level) + 1));
            for x in 0..side {
                let c = match position.piece(Point::new(x, y, level)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                };
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
    }
    let piles = position.piles();
    out.push_str(&format!(
        "  x Black ({} left), o White ({} left); {} to move\n",
        piles.black,
        piles.white,
        position.turn().title()
    ));
    out
}
