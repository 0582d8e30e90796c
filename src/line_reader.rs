//! Reading text a line at a time with a bound on each line: the console, the engine protocol
//! and the tournament's outside programs read through [`BoundedLines`], so a line of any
//! length (a stray file piped in, a program gone wrong) costs at most its limit in memory. A
//! line past the limit is read to its end, dropped, and reported as [`LineTooLong`]; the
//! reader goes on with the next line. It uses nothing of the crate.

use std::io::{self, BufRead};

/// A line longer than its reader's limit: it was skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a line of {length} bytes is over the limit of {limit} bytes: it was skipped")]
pub struct LineTooLong {
    /// Its length in bytes, without the line's end.
    pub length: u64,
    /// The most a line may hold.
    pub limit: usize,
}

/// The lines of a reader, each at most `limit` bytes (without its `\n` or `\r\n`), read as
/// UTF-8 with anything else replaced (`U+FFFD`), so a stray byte is answered like any other
/// unknown word rather than ending the input.
#[derive(Debug)]
pub struct BoundedLines<R> {
    input: R,
    limit: usize,
}

impl<R: BufRead> BoundedLines<R> {
    /// The lines of `input`, each held only up to `limit` bytes.
    pub fn new(input: R, limit: usize) -> BoundedLines<R> {
        BoundedLines { input, limit }
    }

    /// The next line: `None` at the end of input; `Some(Ok(Err(..)))` for a line past the
    /// limit, read to its end and dropped.
    ///
    /// # Errors
    /// The input's I/O errors.
    pub fn next_line(&mut self) -> Option<io::Result<Result<String, LineTooLong>>> {
        let mut kept = Vec::new();
        let mut length: u64 = 0;
        let mut ended = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Some(Err(error)),
            };
            if buffer.is_empty() {
                break;
            }
            let (part, used, found) = match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (&buffer[..at], at + 1, true),
                None => (buffer, buffer.len(), false),
            };
            length += part.len() as u64;
            let room = (self.limit + 1).saturating_sub(kept.len());
            kept.extend_from_slice(&part[..part.len().min(room)]);
            self.input.consume(used);
            if found {
                ended = true;
                break;
            }
        }
        if !ended && length == 0 {
            return None;
        }
        if kept.last() == Some(&b'\r') && length <= self.limit as u64 + 1 {
            kept.pop();
            length -= 1;
        }
        if length > self.limit as u64 {
            return Some(Ok(Err(LineTooLong {
                length,
                limit: self.limit,
            })));
        }
        Some(Ok(Ok(String::from_utf8_lossy(&kept).into_owned())))
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = io::Result<Result<String, LineTooLong>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_line()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8], limit: usize) -> Vec<Result<String, LineTooLong>> {
        BoundedLines::new(text, limit)
            .map(|line| line.expect("reading a slice"))
            .collect()
    }

    #[test]
    fn lines_within_the_limit_are_read_whole_and_longer_ones_skipped() {
        assert_eq!(
            read(b"ab\r\ncdef\nghijkl\n\nxyz", 4),
            vec![
                Ok("ab".to_string()),
                Ok("cdef".to_string()),
                Err(LineTooLong {
                    length: 6,
                    limit: 4
                }),
                Ok(String::new()),
                Ok("xyz".to_string()),
            ]
        );
    }

    #[test]
    fn a_line_ending_in_cr_lf_counts_without_them() {
        assert_eq!(read(b"abcd\r\nabcde\r\n", 4)[0], Ok("abcd".to_string()));
        assert!(read(b"abcd\r\nabcde\r\n", 4)[1].is_err());
    }

    #[test]
    fn a_long_line_read_in_small_pieces_is_skipped_and_the_next_one_read() {
        let mut text = vec![b'x'; 100_000];
        text.extend_from_slice(b"\nok\n");
        let reader = io::BufReader::with_capacity(7, text.as_slice());
        let lines: Vec<_> = BoundedLines::new(reader, 16)
            .map(|line| line.expect("reading a slice"))
            .collect();
        assert_eq!(
            lines,
            vec![
                Err(LineTooLong {
                    length: 100_000,
                    limit: 16
                }),
                Ok("ok".to_string())
            ]
        );
    }

    #[test]
    fn stray_bytes_are_replaced() {
        assert_eq!(read(b"a\xffb\n", 8), vec![Ok("a\u{fffd}b".to_string())]);
    }
}
