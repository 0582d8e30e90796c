//! Invitations: where the host is, the host's public key (so a guest knows it reached the host
//! that invited it) and a secret of 80 random bits that lets its holder in, either to play a
//! seat or only to watch. Written as one line a player can paste or read aloud:
//! `tablero://play@192.168.1.5:4077/KEY/abcd-efgh-jkmn-pqrs` (the key and the secret in
//! base 32, lower case, without the letters `i`, `l`, `o` and `u`).

use std::fmt;
use std::str::FromStr;

/// What an invitation lets its holder do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Role {
    /// Take a guest seat and play it.
    Play,
    /// Follow the match; never act.
    Watch,
}

impl Role {
    /// The word in an invitation.
    fn word(self) -> &'static str {
        match self {
            Role::Play => "play",
            Role::Watch => "watch",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// How many bytes a secret has: 80 bits.
pub const SECRET_BYTES: usize = 10;
/// How many bytes a host's public key has (X25519).
pub const KEY_BYTES: usize = 32;

/// The secret of an invitation: 80 random bits, written as four groups of four letters.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Secret(pub [u8; SECRET_BYTES]);

impl Secret {
    /// A new secret from the operating system's random source.
    ///
    /// # Errors
    /// When the system has no random source to read.
    pub fn random() -> Result<Secret, getrandom::Error> {
        let mut bytes = [0; SECRET_BYTES];
        getrandom::fill(&mut bytes)?;
        Ok(Secret(bytes))
    }

    /// The pre-shared key the Noise handshake mixes in: the secret, zero-padded to 32 bytes
    /// (Noise derives its keys from it by HKDF).
    pub fn psk(&self) -> [u8; 32] {
        let mut psk = [0; 32];
        psk[..SECRET_BYTES].copy_from_slice(&self.0);
        psk
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = base32(&self.0);
        let groups: Vec<&str> = letters
            .as_bytes()
            .chunks(4)
            .filter_map(|chunk| std::str::from_utf8(chunk).ok())
            .collect();
        f.write_str(&groups.join("-"))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never printed by accident in a log.
        f.write_str("Secret(..)")
    }
}

/// An invitation: see the module's documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    /// What it lets its holder do.
    pub role: Role,
    /// Where the host listens: `host:port` (a name, an IPv4 address, or `[v6]:port`).
    pub address: String,
    /// The host's static public key: the guest's handshake only completes with its holder.
    pub key: [u8; KEY_BYTES],
    /// The secret the guest proves in its handshake.
    pub secret: Secret,
}

impl fmt::Display for Invitation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tablero://{}@{}/{}/{}",
            self.role,
            self.address,
            base32(&self.key),
            self.secret
        )
    }
}

/// Why a text is no invitation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvitationError {
    /// It does not start `tablero://`.
    #[error("an invitation starts with `tablero://`")]
    Scheme,
    /// Not `play@` or `watch@`.
    #[error("an invitation says `play@` or `watch@` after `tablero://`")]
    Role,
    /// Parts missing.
    #[error("an invitation has an address, a key and a secret, separated by `/`")]
    Parts,
    /// The address has no port.
    #[error("the address `{0}` has no port (like `192.168.1.5:4077`)")]
    Address(String),
    /// The key is not 32 bytes of base 32.
    #[error("the host's key is not 52 letters of base 32")]
    Key,
    /// The secret is not 80 bits of base 32.
    #[error("the secret is not four groups of four letters (like `abcd-efgh-jkmn-pqrs`)")]
    Secret,
}

impl FromStr for Invitation {
    type Err = InvitationError;

    fn from_str(text: &str) -> Result<Invitation, InvitationError> {
        let rest = text
            .trim()
            .strip_prefix("tablero://")
            .ok_or(InvitationError::Scheme)?;
        let (role, rest) = rest.split_once('@').ok_or(InvitationError::Role)?;
        let role = match role {
            "play" => Role::Play,
            "watch" => Role::Watch,
            _ => return Err(InvitationError::Role),
        };
        let mut parts = rest.split('/');
        let (Some(address), Some(key), Some(secret), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(InvitationError::Parts);
        };
        let port = address.rsplit_once(':').map(|(_, port)| port);
        if address.is_empty() || port.is_none_or(|port| port.parse::<u16>().is_err()) {
            return Err(InvitationError::Address(address.to_string()));
        }
        let key = unbase32(key)
            .and_then(|bytes| <[u8; KEY_BYTES]>::try_from(bytes).ok())
            .ok_or(InvitationError::Key)?;
        let letters: String = secret.chars().filter(|&c| c != '-' && c != ' ').collect();
        let secret = unbase32(&letters)
            .and_then(|bytes| <[u8; SECRET_BYTES]>::try_from(bytes).ok())
            .ok_or(InvitationError::Secret)?;
        Ok(Invitation {
            role,
            address: address.to_string(),
            key,
            secret: Secret(secret),
        })
    }
}

/// The 32 letters of our base 32: digits and lower-case letters without `i`, `l`, `o`, `u`
/// (Crockford's alphabet), so nothing reads as something else aloud.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// `bytes` in base 32, five bits a letter, the last letter padded with zero bits.
pub(crate) fn base32(bytes: &[u8]) -> String {
    let mut out = String::new();
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
        buffer &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// The bytes `text` writes in base 32 (upper case, and `o`, `i`, `l` read as `0`, `1`, `1`),
/// or `None` when a letter is no letter of it or the padding bits are not zero.
pub(crate) fn unbase32(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.chars() {
        let c = match c.to_ascii_lowercase() {
            'o' => '0',
            'i' | 'l' => '1',
            c => c,
        };
        let value = ALPHABET
            .iter()
            .position(|&letter| char::from(letter) == c)?;
        buffer = (buffer << 5) | u32::try_from(value).ok()?;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((buffer >> bits) & 255).ok()?);
        }
        buffer &= (1 << bits) - 1;
    }
    (buffer == 0 && bits < 5).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invitation_reads_back_as_written() {
        let invitation = Invitation {
            role: Role::Watch,
            address: "[::1]:4077".into(),
            key: [200; KEY_BYTES],
            secret: Secret([1, 2, 3, 4, 5, 6, 7, 8, 9, 255]),
        };
        let text = invitation.to_string();
        assert_eq!(text.parse::<Invitation>(), Ok(invitation.clone()));
        assert!(text.ends_with(&invitation.secret.to_string()));
        assert_eq!(
            invitation.secret.to_string().len(),
            19,
            "{}",
            invitation.secret
        );
        // Read aloud and typed in upper case with spaces, it still reads.
        let typed = text
            .replace('-', " ")
            .to_uppercase()
            .replace("TABLERO://WATCH", "tablero://watch");
        assert_eq!(typed.parse::<Invitation>(), Ok(invitation));
    }

    #[test]
    fn a_broken_invitation_says_what_is_wrong() {
        assert_eq!(
            "http://x".parse::<Invitation>(),
            Err(InvitationError::Scheme)
        );
        assert_eq!(
            "tablero://sit@a:1/k/s".parse::<Invitation>(),
            Err(InvitationError::Role)
        );
        assert_eq!(
            "tablero://play@a:1/k".parse::<Invitation>(),
            Err(InvitationError::Parts)
        );
        assert_eq!(
            "tablero://play@a/k/s".parse::<Invitation>(),
            Err(InvitationError::Address("a".into()))
        );
        assert_eq!(
            "tablero://play@a:1/k/s".parse::<Invitation>(),
            Err(InvitationError::Key)
        );
        let key = base32(&[0; KEY_BYTES]);
        assert_eq!(
            format!("tablero://play@a:1/{key}/abcd-efgh").parse::<Invitation>(),
            Err(InvitationError::Secret)
        );
    }

    #[test]
    fn base32_round_trips_every_length() {
        for length in 0..40 {
            let bytes: Vec<u8> = (0..length).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(unbase32(&base32(&bytes)), Some(bytes));
        }
        assert_eq!(unbase32("u"), None);
    }
}
