//! Reading a text file a user or a pack gave us: the one reader for deck
//! lists, scenario files, `pack.toml` and card text data (a pack's scripts
//! go through `packs::script_tree`, which reads them with `read_capped`
//! and the same decoding).
//!
//! [`read_text_file`] reads the bytes and hands them to
//! [`sve_text::decode`]: a UTF-8 byte order mark is dropped, `\r\n`
//! and a lone `\r` become `\n`, and a file that is not text (a NUL byte,
//! invalid UTF-8) is refused with the position of its first bad byte.
//!
//! Only regular files are read (a link is followed to one; a FIFO or a device
//! is refused without being opened), and every read is capped in size
//! (`read_capped`, which components, manifests and sources use too).

use std::path::{Path, PathBuf};
use sve_text::NotText;

/// A text file that could not be read, or is not text.
#[derive(Debug, thiserror::Error)]
#[error("{}: {}", path.display(), self.reason())]
pub struct TextFileError {
    path: PathBuf,
    kind: TextFileErrorKind,
}

#[derive(Debug)]
enum TextFileErrorKind {
    Io(std::io::Error),
    NotText(NotText),
}

impl TextFileError {
    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What is wrong, without the path: `cannot read: ...` or `not a text
    /// file: a NUL byte at line 1, column 8 (byte 7)`.
    pub fn reason(&self) -> String {
        match &self.kind {
            TextFileErrorKind::Io(e) => format!("cannot read: {e}"),
            TextFileErrorKind::NotText(not_text) => not_text.to_string(),
        }
    }

    /// The IO error, when the file could not be read.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        match &self.kind {
            TextFileErrorKind::Io(e) => Some(e),
            TextFileErrorKind::NotText(_) => None,
        }
    }

    /// Where the first bad byte is, when the file is not text.
    pub fn not_text(&self) -> Option<&NotText> {
        match &self.kind {
            TextFileErrorKind::NotText(not_text) => Some(not_text),
            TextFileErrorKind::Io(_) => None,
        }
    }
}

/// User or pack text as one line that is safe to print: unsafe characters
/// escaped, at most 200 characters (a deck name from a replay file, say).
pub fn shown(text: &str) -> String {
    sve_text::escape_line(text, 200)
}

/// Largest text file [`read_text_file`] reads (a deck list, a scenario,
/// card text data for a whole set).
pub const MAX_TEXT_FILE_BYTES: u64 = 16 << 20;

/// The text of a file, with its byte order mark dropped and every line end
/// made `\n`; a file that is not text, not a regular file or larger than
/// [`MAX_TEXT_FILE_BYTES`] is an error naming it.
pub fn read_text_file(path: &Path) -> Result<String, TextFileError> {
    read_text_file_capped(path, MAX_TEXT_FILE_BYTES)
}

/// [`read_text_file`] with its own size cap.
pub fn read_text_file_capped(path: &Path, max: u64) -> Result<String, TextFileError> {
    let error = |kind| TextFileError {
        path: path.to_owned(),
        kind,
    };
    let bytes = read_capped(path, max).map_err(|e| error(TextFileErrorKind::Io(e)))?;
    sve_text::decode(&bytes).map_err(|e| error(TextFileErrorKind::NotText(e)))
}

/// Reads a file someone gave us: only a regular file (a link is followed
/// to one; a device such as `/dev/zero` or a fifo is refused) of at most
/// `max` bytes.
pub(crate) fn read_capped(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    // Asked before opening: opening a FIFO for reading blocks until a
    // writer comes, so a pack that ships one would hang the load.
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    if meta.len() > max {
        return Err(std::io::Error::other(format!(
            "{} bytes; at most {max} are read",
            meta.len()
        )));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // The file may grow while it is read: read one byte past the cap to
    // tell.
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(std::io::Error::other(format!("more than {max} bytes")));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bom_and_crlf_are_read_as_plain_lines_and_binary_is_refused() {
        let dir = std::env::temp_dir().join(format!("sve-text-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let text = dir.join("deck.txt");
        std::fs::write(&text, b"\xef\xbb\xbf# Deck\r\n3 SD01-001\r").expect("write");
        assert_eq!(read_text_file(&text).expect("text"), "# Deck\n3 SD01-001\n");
        let binary = dir.join("binary.txt");
        std::fs::write(&binary, b"# Deck\n\x89PNG\r\n\x1a\n\0").expect("write");
        let err = read_text_file(&binary).expect_err("binary");
        assert!(err.not_text().is_some());
        assert_eq!(
            err.to_string(),
            format!(
                "{}: not a text file: bytes that are not UTF-8 at line 2, column 1 (byte 7)",
                binary.display()
            )
        );
        let missing = read_text_file(&dir.join("missing.txt")).expect_err("missing");
        assert!(missing.reason().starts_with("cannot read: "), "{missing}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
