//! The fake as `https://discord.com`: a TLS listener with a certificate for `discord.com`
//! issued by a test-only certificate authority, and a `reqwest` client that resolves
//! `discord.com` to that listener and trusts only that authority.
//!
//! Serenity's rate limiter builds every URL as `https://discord.com/api/v10/...` and ignores
//! `HttpBuilder::proxy`, so this is how the bot's real HTTP path, rate limiter on, reaches the
//! fake. The key in `tls/` is a throwaway made for these tests (`openssl req`, P-256, valid
//! until 2126); nothing outside these tests trusts its authority.

use super::FakeError;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls;
use tokio_rustls::server::TlsStream;
use tokio_rustls::TlsAcceptor;

/// The test authority's certificate (DER).
const CA: &[u8] = include_bytes!("tls/ca.der");
/// The `discord.com` certificate the authority issued (DER).
const CERTIFICATE: &[u8] = include_bytes!("tls/discord.com.der");
/// Its private key (PKCS #8 DER).
const KEY: &[u8] = include_bytes!("tls/discord.com.key.der");

/// A loopback listener that completes a TLS handshake before handing a connection to axum.
pub(super) struct Listener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
}

impl Listener {
    /// Binds 127.0.0.1 on an ephemeral port.
    pub(super) async fn bind() -> Result<Self, FakeError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let certificate = rustls::pki_types::CertificateDer::from(CERTIFICATE.to_vec());
        let key = rustls::pki_types::PrivateKeyDer::Pkcs8(KEY.to_vec().into());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|error| FakeError::Tls(error.to_string()))?
            .with_no_client_auth()
            .with_single_cert(vec![certificate], key)
            .map_err(|error| FakeError::Tls(error.to_string()))?;
        Ok(Self {
            tcp: TcpListener::bind(("127.0.0.1", 0)).await?,
            acceptor: TlsAcceptor::from(Arc::new(config)),
        })
    }

    /// The bound address.
    pub(super) fn addr(&self) -> SocketAddr {
        self.tcp
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
    }
}

impl axum::serve::Listener for Listener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((stream, peer)) = self.tcp.accept().await else {
                continue;
            };
            // A failed handshake only loses that connection.
            if let Ok(secure) = self.acceptor.accept(stream).await {
                return (secure, peer);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

/// A client that reaches `https://discord.com` at `addr` and trusts only the test authority.
pub(super) fn client(addr: SocketAddr) -> Result<reqwest::Client, FakeError> {
    let authority =
        reqwest::Certificate::from_der(CA).map_err(|error| FakeError::Tls(error.to_string()))?;
    reqwest::Client::builder()
        .use_rustls_tls()
        .tls_built_in_root_certs(false)
        .add_root_certificate(authority)
        .resolve("discord.com", addr)
        .build()
        .map_err(|error| FakeError::Tls(error.to_string()))
}
