//! The secure channel between a host and a guest: a TCP connection, the Noise handshake
//! `Noise_NKpsk0_25519_ChaChaPoly_BLAKE2s` (the `snow` crate; nothing home-made), then
//! messages each encrypted and authenticated, framed by a two-byte length and bounded in size.
//!
//! In the handshake the guest proves it holds the invitation's secret (the pre-shared key) and
//! can only complete it with the holder of the host's private key (`NK`: the guest knows the
//! host's static key from the invitation), so a man in the middle can neither read, change nor
//! impersonate. The host tries the secret that seats and the one that only watches, and so
//! learns which invitation the guest holds. A handshake that takes more than
//! [`HANDSHAKE_TIMEOUT`] is dropped.

use std::io::{self, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde::de::DeserializeOwned;
use snow::{Builder, TransportState};

use super::invitation::{Invitation, KEY_BYTES, Role, Secret};

/// The Noise protocol every connection speaks.
pub const NOISE: &str = "Noise_NKpsk0_25519_ChaChaPoly_BLAKE2s";
/// The most bytes one message holds, before encryption: a longer frame closes the connection.
pub const MAX_MESSAGE: usize = 32 * 1024;
/// The bytes of the authentication tag on every encrypted message.
const TAG: usize = 16;
/// The longest a handshake may take, from the connection to its last message.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest one message may take to leave: a peer that stops reading is closed then.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a channel could not be made or failed.
#[derive(Debug, thiserror::Error)]
pub enum ChannelError {
    /// The connection failed or closed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The other side did not finish its handshake in time.
    #[error("the handshake did not finish within {} s", HANDSHAKE_TIMEOUT.as_secs())]
    Timeout,
    /// The handshake failed: a wrong secret, another host's key, or bytes changed on the way.
    #[error("the handshake failed: {0}")]
    Handshake(HandshakeFault),
    /// A frame longer than [`MAX_MESSAGE`].
    #[error("a message of {0} bytes is past the limit of {MAX_MESSAGE}")]
    TooLarge(usize),
    /// A message that does not decrypt: changed on the way, or not from the other side.
    #[error("a message does not decrypt: it was changed on the way")]
    Tampered,
    /// A message that decrypts but is no message of ours.
    #[error("a message cannot be understood: {0}")]
    Malformed(serde_json::Error),
    /// The cipher refused to encrypt a message (its nonces used up).
    #[error("a message could not be encrypted: {0}")]
    Cipher(snow::Error),
    /// A thread holding the connection's cipher stopped in the middle of a message.
    #[error("the connection's cipher was left half used")]
    Poisoned,
    /// The other side closed the connection.
    #[error("the connection closed")]
    Closed,
}

/// How a handshake failed.
#[derive(Debug, thiserror::Error)]
pub enum HandshakeFault {
    /// The Noise protocol's own refusal (bytes changed on the way, a wrong key).
    #[error("{0}")]
    Noise(snow::Error),
    /// A public key of another length.
    #[error("a public key is not 32 bytes")]
    KeyLength,
    /// The host's answer does not prove the invitation's key.
    #[error("the host is not the one that invited you")]
    NotTheInviter,
    /// The guest's greeting proves neither invitation's secret.
    #[error("the guest does not hold an invitation's secret")]
    NoSecret,
}

impl ChannelError {
    /// Whether the other side simply went away (closed, reset, timed out), rather than sent
    /// something wrong.
    pub fn is_disconnect(&self) -> bool {
        match self {
            ChannelError::Closed | ChannelError::Timeout => true,
            ChannelError::Io(e) => matches!(
                e.kind(),
                io::ErrorKind::UnexpectedEof
                    | io::ErrorKind::ConnectionReset
                    | io::ErrorKind::ConnectionAborted
                    | io::ErrorKind::BrokenPipe
                    | io::ErrorKind::TimedOut
                    | io::ErrorKind::WouldBlock
            ),
            _ => false,
        }
    }
}

/// The host's static key pair, made anew for each hosting.
pub struct HostKeys {
    private: Vec<u8>,
    public: [u8; KEY_BYTES],
}

impl HostKeys {
    /// A new key pair.
    ///
    /// # Errors
    /// When no key can be made (no random source).
    pub fn generate() -> Result<HostKeys, ChannelError> {
        let keys = builder()?.generate_keypair().map_err(handshake)?;
        let public = <[u8; KEY_BYTES]>::try_from(keys.public.as_slice())
            .map_err(|_| ChannelError::Handshake(HandshakeFault::KeyLength))?;
        Ok(HostKeys {
            private: keys.private,
            public,
        })
    }

    /// The public key, for invitations.
    pub fn public(&self) -> [u8; KEY_BYTES] {
        self.public
    }
}

impl std::fmt::Debug for HostKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HostKeys(..)")
    }
}

/// A builder for [`NOISE`].
fn builder() -> Result<Builder<'static>, ChannelError> {
    let params = NOISE.parse().map_err(handshake)?;
    Ok(Builder::new(params))
}

/// A snow error as a handshake failure.
fn handshake(e: snow::Error) -> ChannelError {
    ChannelError::Handshake(HandshakeFault::Noise(e))
}

/// Connects to the host of `invitation` and completes the handshake with its secret.
///
/// # Errors
/// [`ChannelError`]: no connection, a wrong secret or key, a handshake past the timeout.
pub fn connect(invitation: &Invitation) -> Result<(Sender, Receiver), ChannelError> {
    let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
    let mut last = io::Error::new(io::ErrorKind::NotFound, "the address resolves to nothing");
    let mut stream = None;
    for address in invitation.address.to_socket_addrs()? {
        match TcpStream::connect_timeout(&address, HANDSHAKE_TIMEOUT) {
            Ok(connected) => {
                stream = Some(connected);
                break;
            }
            Err(e) => last = e,
        }
    }
    let mut stream = stream.ok_or(last)?;
    stream.set_nodelay(true)?;
    let psk = invitation.secret.psk();
    let mut noise = builder()?
        .psk(0, &psk)
        .map_err(handshake)?
        .remote_public_key(&invitation.key)
        .map_err(handshake)?
        .build_initiator()
        .map_err(handshake)?;
    let mut buffer = vec![0; MAX_MESSAGE + TAG + 64];
    let written = noise.write_message(&[], &mut buffer).map_err(handshake)?;
    write_frame(&mut stream, &buffer[..written])?;
    let reply = read_frame(&mut &stream, Some(deadline))?;
    let mut payload = vec![0; MAX_MESSAGE];
    noise
        .read_message(&reply, &mut payload)
        .map_err(|_| ChannelError::Handshake(HandshakeFault::NotTheInviter))?;
    let transport = noise.into_transport_mode().map_err(handshake)?;
    stream.set_read_timeout(None)?;
    split(stream, transport)
}

/// Completes the host's side of a handshake on `stream`: the guest must prove `play` (a seat)
/// or `watch` (watching only). Returns which it proved.
///
/// # Errors
/// [`ChannelError`]: a wrong secret ([`ChannelError::Handshake`]), garbage, a handshake past
/// [`HANDSHAKE_TIMEOUT`].
pub fn accept(
    mut stream: TcpStream,
    keys: &HostKeys,
    play: &Secret,
    watch: &Secret,
) -> Result<(Role, Sender, Receiver), ChannelError> {
    let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
    stream.set_nodelay(true)?;
    let first = read_frame(&mut &stream, Some(deadline))?;
    let mut payload = vec![0; MAX_MESSAGE];
    for (role, secret) in [(Role::Play, play), (Role::Watch, watch)] {
        let psk = secret.psk();
        let mut noise = builder()?
            .psk(0, &psk)
            .map_err(handshake)?
            .local_private_key(&keys.private)
            .map_err(handshake)?
            .build_responder()
            .map_err(handshake)?;
        if noise.read_message(&first, &mut payload).is_err() {
            continue;
        }
        let mut buffer = vec![0; 256];
        let written = noise.write_message(&[], &mut buffer).map_err(handshake)?;
        write_frame(&mut stream, &buffer[..written])?;
        let transport = noise.into_transport_mode().map_err(handshake)?;
        stream.set_read_timeout(None)?;
        let (sender, receiver) = split(stream, transport)?;
        return Ok((role, sender, receiver));
    }
    Err(ChannelError::Handshake(HandshakeFault::NoSecret))
}

/// The two halves of a channel over `stream`. A write that cannot finish within
/// [`WRITE_TIMEOUT`] (a peer that stopped reading) fails and closes the connection.
fn split(stream: TcpStream, transport: TransportState) -> Result<(Sender, Receiver), ChannelError> {
    stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
    let transport = Arc::new(Mutex::new(transport));
    let stream = Arc::new(stream);
    let sender = Sender {
        stream: Arc::clone(&stream),
        transport: Arc::clone(&transport),
    };
    Ok((sender, Receiver { stream, transport }))
}

/// The sending half of a channel: it can be cloned and shared between threads.
#[derive(Debug, Clone)]
pub struct Sender {
    stream: Arc<TcpStream>,
    transport: Arc<Mutex<TransportState>>,
}

impl Sender {
    /// Sends `message` (as JSON, encrypted).
    ///
    /// # Errors
    /// [`ChannelError::TooLarge`] for a message past [`MAX_MESSAGE`] (nothing is sent), I/O
    /// errors.
    pub fn send<T: Serialize>(&self, message: &T) -> Result<(), ChannelError> {
        let text = serde_json::to_vec(message).map_err(ChannelError::Malformed)?;
        self.send_bytes(&text)
    }

    /// Sends `bytes` as one encrypted message.
    ///
    /// # Errors
    /// As [`Sender::send`].
    pub fn send_bytes(&self, bytes: &[u8]) -> Result<(), ChannelError> {
        if bytes.len() > MAX_MESSAGE {
            return Err(ChannelError::TooLarge(bytes.len()));
        }
        let mut buffer = vec![0; bytes.len() + TAG];
        let mut transport = self.transport.lock().map_err(|_| ChannelError::Poisoned)?;
        let written = transport
            .write_message(bytes, &mut buffer)
            .map_err(ChannelError::Cipher)?;
        // Sent under the lock, so messages go out in the order of their nonces. A frame half
        // written leaves the stream unusable: the connection is closed.
        let sent = write_frame(&mut &*self.stream, &buffer[..written]);
        if sent.is_err() {
            self.close();
        }
        sent
    }

    /// Closes the connection both ways (the receiving half sees it closed).
    pub fn close(&self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }

    /// The other side's address, for logs.
    pub fn peer(&self) -> String {
        self.stream
            .peer_addr()
            .map(|address| address.to_string())
            .unwrap_or_else(|_| "?".into())
    }
}

/// The receiving half of a channel.
#[derive(Debug)]
pub struct Receiver {
    stream: Arc<TcpStream>,
    transport: Arc<Mutex<TransportState>>,
}

impl Receiver {
    /// The next message, waiting for it.
    ///
    /// # Errors
    /// [`ChannelError`]: closed, too large, tampered with, or not a `T`.
    pub fn recv<T: DeserializeOwned>(&mut self) -> Result<T, ChannelError> {
        let bytes = self.recv_bytes()?;
        serde_json::from_slice(&bytes).map_err(ChannelError::Malformed)
    }

    /// The next message's bytes, decrypted.
    ///
    /// # Errors
    /// As [`Receiver::recv`].
    pub fn recv_bytes(&mut self) -> Result<Vec<u8>, ChannelError> {
        let frame = read_frame(&mut &*self.stream, None)?;
        let mut buffer = vec![0; frame.len()];
        let mut transport = self.transport.lock().map_err(|_| ChannelError::Poisoned)?;
        let read = transport
            .read_message(&frame, &mut buffer)
            .map_err(|_| ChannelError::Tampered)?;
        buffer.truncate(read);
        Ok(buffer)
    }
}

/// Writes `bytes` as one frame: its length in two bytes (big-endian), then the bytes.
fn write_frame(stream: &mut impl Write, bytes: &[u8]) -> Result<(), ChannelError> {
    let length = u16::try_from(bytes.len()).map_err(|_| ChannelError::TooLarge(bytes.len()))?;
    let mut frame = Vec::with_capacity(bytes.len() + 2);
    frame.extend_from_slice(&length.to_be_bytes());
    frame.extend_from_slice(bytes);
    stream.write_all(&frame)?;
    stream.flush()?;
    Ok(())
}

/// Reads one frame; a length past [`MAX_MESSAGE`] (and its tag) is refused before its bytes
/// are read. With a `deadline`, the whole frame must arrive by then.
fn read_frame(stream: &mut &TcpStream, deadline: Option<Instant>) -> Result<Vec<u8>, ChannelError> {
    let mut length = [0; 2];
    read_full(stream, &mut length, deadline)?;
    let length = usize::from(u16::from_be_bytes(length));
    if length > MAX_MESSAGE + TAG {
        return Err(ChannelError::TooLarge(length));
    }
    let mut frame = vec![0; length];
    read_full(stream, &mut frame, deadline)?;
    Ok(frame)
}

/// Fills `buffer`, by `deadline` if there is one.
fn read_full(
    stream: &mut &TcpStream,
    buffer: &mut [u8],
    deadline: Option<Instant>,
) -> Result<(), ChannelError> {
    let mut filled = 0;
    while filled < buffer.len() {
        if let Some(deadline) = deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ChannelError::Timeout);
            }
            stream.set_read_timeout(Some(left))?;
        }
        match stream.read(&mut buffer[filled..]) {
            Ok(0) => return Err(ChannelError::Closed),
            Ok(read) => filled += read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e)
                if deadline.is_some()
                    && matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
            {
                return Err(ChannelError::Timeout);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}
