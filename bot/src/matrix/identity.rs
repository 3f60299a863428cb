//! The bot's cross-signing identity, so that clients which share room keys only with devices
//! their owners have cross-signed (MSC4153; Element's "exclude insecure devices") share them
//! with the bot.
//!
//! On the first start the bot makes the account's identity (master, self-signing and
//! user-signing keys), signs its device with it, and keeps the private keys in the account's
//! secret storage under a recovery key, which it writes out once for the admin. A restart
//! finds the keys in its store. A new store (a new machine, a lost folder) gets them back
//! from secret storage with the recovery key, and its new device is signed before other
//! clients ever see it. Without the key, a new store refuses to start rather than come back
//! as a device nobody's client trusts.
//!
//! All of it runs before the bot's first sync: matrix-sdk uploads a new device's keys during
//! a sync, already signed when the private keys are there.

use super::{MatrixError, Secret, Settings};
use matrix_sdk::encryption::recovery::RecoveryState;
use matrix_sdk::ruma::api::client::uiaa::{
    AuthData, MatrixUserIdentifier, Password, UserIdentifier,
};
use matrix_sdk::ruma::OwnedUserId;
use matrix_sdk::Client;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The recovery key of the bot's identity: it opens the account's secret storage, which
/// holds the private cross-signing keys. Never logged.
#[derive(Clone, PartialEq, Eq)]
pub struct RecoveryKey(String);

impl RecoveryKey {
    /// A key as the admin wrote it (white space around it does not count).
    #[must_use]
    pub fn new(text: &str) -> Self {
        RecoveryKey(text.trim().to_owned())
    }

    /// The key itself, for matrix-sdk or for the admin's eyes.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for RecoveryKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RecoveryKey(<redacted>)")
    }
}

/// Where the recovery key of a new identity is written, once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum KeyOutput {
    /// Printed on standard output (the log goes to standard error).
    #[default]
    Stdout,
    /// Written to a new file, readable by its owner only.
    File(PathBuf),
}

/// The recovery key the admin gave, and where a new one goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recovery {
    /// The key of the account's identity (`MATRIX_RECOVERY_KEY` or `--recovery-key-file`).
    pub key: Option<RecoveryKey>,
    /// Where the key of an identity the bot makes is written.
    pub new_key: KeyOutput,
}

/// Why the bot cannot come back as a cross-signed device.
#[derive(Debug)]
pub enum IdentityError {
    /// The account has an identity whose private keys this store lacks, and no recovery key
    /// was given.
    RecoveryKeyNeeded {
        /// The bot's account.
        user: OwnedUserId,
        /// The store folder.
        store: PathBuf,
        /// The key file that was named but does not exist.
        missing_file: Option<PathBuf>,
    },
    /// The recovery key does not open the account's secret storage.
    WrongRecoveryKey(String),
    /// A recovery key was given, but the account has no identity for it to restore.
    NoIdentity(OwnedUserId),
    /// The homeserver asks for the account's password to publish a new identity, and the
    /// bot has only an access token.
    PasswordNeeded(OwnedUserId),
    /// Secret storage opened, but the identity's keys were not all in it.
    Incomplete,
    /// The new recovery key could not be written where the admin asked.
    KeyNotWritten(String),
    /// After everything, the homeserver does not show the bot's device as cross-signed.
    DeviceNotSigned(String),
}

impl fmt::Display for IdentityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IdentityError::RecoveryKeyNeeded {
                user,
                store,
                missing_file,
            } => {
                write!(
                    f,
                    "the Matrix account {user} already has a cross-signing identity, and the \
                     store {} does not hold its keys (a new or emptied store). Give the bot its \
                     recovery key, in MATRIX_RECOVERY_KEY or in the file named by \
                     --recovery-key-file, so that it comes back as a device its users' clients \
                     trust; without it the bot would be an unverified device, which clients \
                     that share keys only with cross-signed devices leave out of encrypted \
                     rooms",
                    store.display()
                )?;
                if let Some(file) = missing_file {
                    write!(f, " (the file {} does not exist)", file.display())?;
                }
                f.write_str(
                    ". If the key is lost: log in as the bot in a client, reset its identity \
                     there, and give the bot the new recovery key",
                )
            }
            IdentityError::WrongRecoveryKey(why) => write!(
                f,
                "the recovery key given does not open the account's secret storage ({why}); \
                 check MATRIX_RECOVERY_KEY or the --recovery-key-file file"
            ),
            IdentityError::NoIdentity(user) => write!(
                f,
                "a recovery key was given, but the Matrix account {user} has no cross-signing \
                 identity to restore (was it reset?); start once without MATRIX_RECOVERY_KEY \
                 and --recovery-key-file to let the bot make a new identity and a new key"
            ),
            IdentityError::PasswordNeeded(user) => write!(
                f,
                "the homeserver asks for the password of {user} to publish the bot's new \
                 cross-signing identity, and the bot has only an access token: start it once \
                 with MATRIX_PASSWORD (or --password-file), or set up recovery for the account \
                 in a client logged in as the bot and give the bot that recovery key"
            ),
            IdentityError::Incomplete => f.write_str(
                "the account's secret storage opened, but it does not hold all the \
                 cross-signing keys; reset the identity in a client logged in as the bot and \
                 give the bot the new recovery key",
            ),
            IdentityError::KeyNotWritten(why) => {
                write!(f, "cannot write the new recovery key: {why}")
            }
            IdentityError::DeviceNotSigned(device) => write!(
                f,
                "the homeserver does not show the bot's device {device} as signed by its \
                 cross-signing identity"
            ),
        }
    }
}

impl std::error::Error for IdentityError {}

impl From<IdentityError> for MatrixError {
    fn from(error: IdentityError) -> Self {
        MatrixError::Identity(error)
    }
}

/// Whether this store holds all three private cross-signing keys.
pub(super) async fn holds_keys(client: &Client) -> bool {
    client
        .encryption()
        .cross_signing_status()
        .await
        .is_some_and(|status| status.is_complete())
}

/// Makes, restores or checks the bot's identity, before the first sync.
///
/// # Errors
///
/// [`IdentityError`] when the bot cannot come back as a cross-signed device, or the
/// homeserver fails.
pub(super) async fn establish(client: &Client, settings: &Settings) -> Result<(), MatrixError> {
    let encryption = client.encryption();
    // matrix-sdk's own start-up work (recovery state, backups) first, so that it does not
    // race with what follows.
    encryption.wait_for_e2ee_initialization_tasks().await;
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Setup("logged in without a user id".to_string()))?
        .to_owned();
    // What the homeserver says wins: a query for our own keys also drops private keys that
    // no longer match the published identity (one reset from another client).
    let published = encryption.request_user_identity(&me).await?.is_some();
    let recovery = &settings.recovery;
    match (published, holds_keys(client).await, &recovery.key) {
        (false, _, Some(_)) => return Err(IdentityError::NoIdentity(me).into()),
        (false, _, None) => {
            let output = Output::open(&recovery.new_key)?;
            bootstrap(client, &me, &settings.secret).await?;
            tracing::info!(user = %me, "made the bot's cross-signing identity");
            enable_recovery(client, &me, output).await?;
        }
        (true, true, Some(key)) => {
            // Checked now, while it is easy to fix, rather than the day the store is lost.
            encryption
                .secret_storage()
                .open_secret_store(key.expose())
                .await
                .map_err(|e| IdentityError::WrongRecoveryKey(e.to_string()))?;
        }
        (true, true, None) => {
            if encryption.recovery().state() == RecoveryState::Disabled {
                // An identity without a recovery key (a first start stopped half way): make
                // one now, or a lost store would lose the identity.
                let output = Output::open(&recovery.new_key)?;
                enable_recovery(client, &me, output).await?;
            }
        }
        (true, false, Some(key)) => {
            encryption
                .recovery()
                .recover(key.expose())
                .await
                .map_err(|e| IdentityError::WrongRecoveryKey(e.to_string()))?;
            if !holds_keys(client).await {
                return Err(IdentityError::Incomplete.into());
            }
            tracing::info!(user = %me, "restored the bot's cross-signing identity with the recovery key");
        }
        (true, false, None) => {
            let missing_file = match &recovery.new_key {
                KeyOutput::File(file) => Some(file.clone()),
                KeyOutput::Stdout => None,
            };
            return Err(IdentityError::RecoveryKeyNeeded {
                user: me,
                store: settings.store.clone(),
                missing_file,
            }
            .into());
        }
    }
    Ok(())
}

/// Checks, once the device's keys are on the homeserver (after the first sync of a new
/// login), that it shows the device as signed by the bot's identity, and signs it if not.
///
/// # Errors
///
/// [`IdentityError::DeviceNotSigned`] when it still is not, or the homeserver fails.
pub(super) async fn check_device(client: &Client) -> Result<(), MatrixError> {
    let encryption = client.encryption();
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Setup("logged in without a user id".to_string()))?
        .to_owned();
    let device_id = client
        .device_id()
        .ok_or_else(|| MatrixError::Setup("logged in without a device id".to_string()))?
        .to_owned();
    for attempt in 0..2 {
        // A fresh look at what the homeserver has, signatures included.
        encryption.request_user_identity(&me).await?;
        let device = encryption
            .get_device(&me, &device_id)
            .await
            .map_err(|e| MatrixError::Setup(format!("reading the crypto store: {e}")))?;
        match device {
            Some(device) if device.is_cross_signed_by_owner() => {
                tracing::info!(user = %me, device = %device_id, "the bot's device is cross-signed");
                return Ok(());
            }
            Some(device) if attempt == 0 => {
                tracing::warn!(device = %device_id, "the bot's device was not cross-signed; signing it");
                device
                    .verify()
                    .await
                    .map_err(|e| IdentityError::DeviceNotSigned(format!("{device_id}: {e}")))?;
            }
            _ => break,
        }
    }
    Err(IdentityError::DeviceNotSigned(device_id.to_string()).into())
}

/// Publishes a new identity. The first upload of an account's cross-signing keys needs no
/// password on homeservers that follow MSC3967 (Synapse does); others ask for one through
/// user-interactive auth.
async fn bootstrap(client: &Client, me: &OwnedUserId, secret: &Secret) -> Result<(), MatrixError> {
    let encryption = client.encryption();
    let Err(error) = encryption.bootstrap_cross_signing(None).await else {
        return Ok(());
    };
    let Some(uiaa) = error.as_uiaa_response() else {
        return Err(error.into());
    };
    let Secret::Password(password) = secret else {
        return Err(IdentityError::PasswordNeeded(me.clone()).into());
    };
    let mut auth = Password::new(
        UserIdentifier::Matrix(MatrixUserIdentifier::new(me.to_string())),
        password.clone(),
    );
    auth.session.clone_from(&uiaa.session);
    encryption
        .bootstrap_cross_signing(Some(AuthData::Password(auth)))
        .await?;
    Ok(())
}

/// Makes secret storage (and a key backup) for the identity, and writes its new recovery
/// key once.
async fn enable_recovery(
    client: &Client,
    me: &OwnedUserId,
    output: Output,
) -> Result<(), MatrixError> {
    let key = client
        .encryption()
        .recovery()
        .enable()
        .await
        .map_err(|e| MatrixError::Setup(format!("setting up recovery failed: {e}")))?;
    let to = output.to_string();
    output.write(me, &RecoveryKey(key))?;
    tracing::info!(user = %me, %to, "set up recovery; the recovery key was written there, once");
    Ok(())
}

/// Where a new recovery key goes, made ready before the key exists so that a file that
/// cannot be written stops the bot before an identity is made whose key would be lost.
enum Output {
    Stdout,
    File(KeyFile),
}

/// A new key file, removed again unless the key was written into it (an empty file would
/// stop the next start: "the recovery key file is empty").
struct KeyFile {
    path: PathBuf,
    file: std::fs::File,
    written: bool,
}

impl KeyFile {
    fn write(&mut self, key: &RecoveryKey) -> std::io::Result<()> {
        writeln!(self.file, "{}", key.expose())?;
        self.file.sync_all()?;
        self.written = true;
        Ok(())
    }
}

impl Drop for KeyFile {
    fn drop(&mut self) {
        if !self.written {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl Output {
    fn open(to: &KeyOutput) -> Result<Output, IdentityError> {
        match to {
            KeyOutput::Stdout => Ok(Output::Stdout),
            KeyOutput::File(path) => {
                let file = create_private(path).map_err(|e| {
                    IdentityError::KeyNotWritten(format!("{}: {e}", path.display()))
                })?;
                Ok(Output::File(KeyFile {
                    path: path.clone(),
                    file,
                    written: false,
                }))
            }
        }
    }

    fn write(self, me: &OwnedUserId, key: &RecoveryKey) -> Result<(), IdentityError> {
        match self {
            Output::Stdout => {
                let mut out = std::io::stdout().lock();
                writeln!(
                    out,
                    "The recovery key of the Matrix bot {me} (shown this once, never logged):\n\n    \
                     {}\n\nKeep it safe. With it, a new store keeps the bot's trusted identity: \
                     give it as MATRIX_RECOVERY_KEY or in a file named by --recovery-key-file.",
                    key.expose()
                )
                .and_then(|()| out.flush())
                .map_err(|e| IdentityError::KeyNotWritten(format!("standard output: {e}")))
            }
            Output::File(mut file) => file
                .write(key)
                .map_err(|e| IdentityError::KeyNotWritten(format!("{}: {e}", file.path.display()))),
        }
    }
}

impl fmt::Display for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Output::Stdout => f.write_str("standard output"),
            Output::File(file) => write!(f, "{}", file.path.display()),
        }
    }
}

/// A new file readable by its owner only; an existing file is never overwritten.
fn create_private(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recovery_key_is_never_shown_by_debug() {
        let key = RecoveryKey::new("  EsTc abcd efgh  \n");
        assert_eq!(key.expose(), "EsTc abcd efgh");
        assert_eq!(format!("{key:?}"), "RecoveryKey(<redacted>)");
        let recovery = Recovery {
            key: Some(key),
            new_key: KeyOutput::Stdout,
        };
        assert!(!format!("{recovery:?}").contains("EsTc"));
    }

    #[test]
    fn a_key_file_is_new_and_private() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary folder: {e}"));
        let path = dir.path().join("recovery-key");
        let Ok(output) = Output::open(&KeyOutput::File(path.clone())) else {
            panic!("a new file");
        };
        let Ok(me) = OwnedUserId::try_from("@akron:localhost") else {
            panic!("a user id");
        };
        assert!(output.write(&me, &RecoveryKey::new("EsTc key")).is_ok());
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(written, "EsTc key\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).map(|m| m.permissions().mode() & 0o777);
            assert_eq!(mode.ok(), Some(0o600));
        }
        // A second identity never overwrites the first one's key.
        assert!(matches!(
            Output::open(&KeyOutput::File(path)),
            Err(IdentityError::KeyNotWritten(_))
        ));
    }

    #[test]
    fn a_key_file_is_removed_when_no_key_came() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary folder: {e}"));
        let path = dir.path().join("recovery-key");
        let output = Output::open(&KeyOutput::File(path.clone()));
        assert!(output.is_ok() && path.exists());
        // Setting up the identity failed: no empty file is left to stop the next start.
        drop(output);
        assert!(!path.exists());
    }

    #[test]
    fn the_refusal_says_what_to_give() {
        let Ok(user) = OwnedUserId::try_from("@akron:localhost") else {
            panic!("a user id");
        };
        let refusal = IdentityError::RecoveryKeyNeeded {
            user,
            store: PathBuf::from("akron.db.matrix"),
            missing_file: Some(PathBuf::from("/etc/akron/key")),
        }
        .to_string();
        for part in [
            "@akron:localhost",
            "MATRIX_RECOVERY_KEY",
            "--recovery-key-file",
            "akron.db.matrix",
            "/etc/akron/key does not exist",
        ] {
            assert!(refusal.contains(part), "{part}: {refusal}");
        }
    }
}
