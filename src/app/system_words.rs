//! What the system says of a failed file or network operation, in the window's words: the
//! common kinds (no such file, no permission, a full disk) translated, a rarer one in the
//! system's own words.

use std::io::{Error, ErrorKind};

use crate::files::WriteError;
use crate::i18n::Tr;

/// Why a file or connection operation failed, in words.
pub fn io_words(error: &Error) -> Tr {
    match error.kind() {
        ErrorKind::NotFound => Tr::new("io-not-found"),
        ErrorKind::PermissionDenied => Tr::new("io-permission"),
        ErrorKind::ReadOnlyFilesystem => Tr::new("io-read-only"),
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => Tr::new("io-disk-full"),
        ErrorKind::AlreadyExists => Tr::new("io-exists"),
        ErrorKind::IsADirectory => Tr::new("io-is-a-folder"),
        ErrorKind::NotADirectory => Tr::new("io-not-a-folder"),
        _ => Tr::new("io-system-says").text("detail", error.to_string()),
    }
}

/// Why files cannot be written where they are to go, in words.
pub fn write_words(error: &WriteError) -> Tr {
    match error {
        WriteError::NoFolder(folder) => {
            Tr::new("write-no-folder").text("folder", folder.display().to_string())
        }
        WriteError::IsAFolder(path) => {
            Tr::new("write-is-a-folder").text("path", path.display().to_string())
        }
        WriteError::NotWritable { dir, error } => Tr::new("write-not-writable")
            .text("folder", dir.display().to_string())
            .words("reason", io_words(error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;

    #[test]
    fn common_failures_are_translated_and_rare_ones_keep_the_system_words() {
        let full = io_words(&Error::from(ErrorKind::StorageFull));
        assert_ne!(
            full.in_language(Language::Spanish),
            full.in_language(Language::English)
        );
        let rare = io_words(&Error::other("a rare failure"));
        assert_eq!(rare.in_language(Language::Polish), "a rare failure");
    }
}
