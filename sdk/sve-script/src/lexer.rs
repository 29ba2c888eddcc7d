//! The top level of a script file (spec §1.2–1.4): splits the text into
//! header statements (`keyword value;`), `serve` keyword lists and `ability`
//! blocks, skipping blank space, stray `;` and comment or unknown lines.
//!
//! Values are raw text: a header value runs to the first `;`, an ability to
//! the `}` that balances its first `{`. A `text` value that opens with `"`
//! runs to the first `"` followed by `;` (spaces between allowed), so a card
//! text may hold a `;`; with no such closing quote it runs to the first `;`
//! as any value does. Nothing here knows what a card is;
//! grouping statements into cards is the parser's job.
//!
//! Recovery, so one mistake does not swallow the rest of the file:
//! - a header whose `;` is missing (the next line starts another statement)
//!   ends at its line;
//! - an ability header with no `{` before a `;`, `}` or the next statement
//!   is skipped up to its closing `}`;
//! - an ability whose `}` is missing ends before the next line that starts
//!   with `ability` or `name`.

use crate::diagnostics::{Problem, Sink};
use crate::span::{Piece, Span};

/// The header keywords of spec §2 (matched case-insensitively).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum HeaderKey {
    Name,
    Id,
    IdEn,
    Class,
    Universe,
    Type,
    Trait,
    Rarity,
    Cost,
    Stats,
    Evolve,
    Text,
    Keywords,
}

impl HeaderKey {
    fn parse(lower: &str) -> Option<HeaderKey> {
        Some(match lower {
            "name" => HeaderKey::Name,
            "id" => HeaderKey::Id,
            "id-en" => HeaderKey::IdEn,
            "class" => HeaderKey::Class,
            "universe" => HeaderKey::Universe,
            "type" => HeaderKey::Type,
            "trait" => HeaderKey::Trait,
            "rarity" => HeaderKey::Rarity,
            "cost" => HeaderKey::Cost,
            "stat" | "stats" => HeaderKey::Stats,
            "evolve" => HeaderKey::Evolve,
            "text" => HeaderKey::Text,
            "keyword" | "keywords" => HeaderKey::Keywords,
            _ => return None,
        })
    }

    /// The keyword as usually written, for messages.
    pub fn as_str(self) -> &'static str {
        match self {
            HeaderKey::Name => "name",
            HeaderKey::Id => "id",
            HeaderKey::IdEn => "id-en",
            HeaderKey::Class => "class",
            HeaderKey::Universe => "universe",
            HeaderKey::Type => "type",
            HeaderKey::Trait => "trait",
            HeaderKey::Rarity => "rarity",
            HeaderKey::Cost => "cost",
            HeaderKey::Stats => "stats",
            HeaderKey::Evolve => "evolve",
            HeaderKey::Text => "text",
            HeaderKey::Keywords => "keywords",
        }
    }
}

/// One top-level statement.
#[derive(Clone, Debug)]
pub(crate) enum Stmt<'a> {
    /// `keyword value;`
    Header {
        key: HeaderKey,
        keyword: Piece<'a>,
        value: Piece<'a>,
    },
    /// `serve...;`: the whole statement text is a keyword list.
    Serve { keyword: Piece<'a>, list: Piece<'a> },
    /// `ability header { body }`
    Ability {
        keyword: Piece<'a>,
        header: Piece<'a>,
        body: Piece<'a>,
    },
}

/// Splits a file into statements, reporting what it cannot read.
pub(crate) fn lex<'a>(source: &'a str, sink: &mut Sink) -> Vec<Stmt<'a>> {
    let mut lexer = Lexer {
        source,
        pos: 0,
        stmts: Vec::new(),
    };
    lexer.run(sink);
    lexer.stmts
}

struct Lexer<'a> {
    source: &'a str,
    pos: usize,
    stmts: Vec<Stmt<'a>>,
}

impl<'a> Lexer<'a> {
    fn run(&mut self, sink: &mut Sink) {
        let bytes = self.source.as_bytes();
        loop {
            while self.pos < bytes.len()
                && (bytes[self.pos].is_ascii_whitespace() || bytes[self.pos] == b';')
            {
                self.pos += 1;
            }
            if self.pos >= bytes.len() {
                return;
            }
            let start = self.pos;
            let word_len = self.source[start..]
                .find(|ch: char| ch.is_whitespace() || ch == ';' || ch == '{')
                .unwrap_or(self.source.len() - start);
            let keyword = Piece::new(&self.source[start..start + word_len], start);
            let lower = keyword.text.to_ascii_lowercase();
            let after_keyword = start + word_len;
            if let Some(key) = HeaderKey::parse(&lower) {
                let value = if key == HeaderKey::Text {
                    self.quoted_value(after_keyword)
                        .unwrap_or_else(|| self.statement_value(keyword, after_keyword, true, sink))
                } else {
                    self.statement_value(keyword, after_keyword, false, sink)
                };
                self.stmts.push(Stmt::Header {
                    key,
                    keyword,
                    value: value.trim(),
                });
            } else if lower.starts_with("serve") {
                let value = self.statement_value(keyword, after_keyword, false, sink);
                let list = Piece::new(&self.source[start..value.end()], start);
                self.stmts.push(Stmt::Serve {
                    keyword,
                    list: list.trim(),
                });
            } else if lower == "ability" {
                self.ability(keyword, after_keyword, sink);
            } else {
                let line_end = self.line_end(start);
                let line = Piece::new(&self.source[start..line_end], start).trim();
                if !keyword.text.starts_with("//") {
                    sink.report(
                        line.span(),
                        Problem::IgnoredLine {
                            found: keyword.text.to_owned(),
                        },
                    );
                }
                self.pos = line_end;
            }
        }
    }

    /// The raw value from `from` to the next `;` (not included), moving past
    /// the `;`. Applies the missing-`;` recovery described in the module docs.
    fn statement_value(
        &mut self,
        keyword: Piece<'a>,
        from: usize,
        multiline: bool,
        sink: &mut Sink,
    ) -> Piece<'a> {
        let first_line_end = self.line_end(from);
        // Look on the first line first, so a file full of missing `;` stays
        // linear to scan.
        let on_first_line = self.source[from..first_line_end]
            .find(';')
            .map(|idx| from + idx);
        let semicolon = match on_first_line {
            Some(semi) => Some(semi),
            None if !multiline && self.next_line_starts_statement(first_line_end) => None,
            None => self.source[first_line_end..]
                .find(';')
                .map(|idx| first_line_end + idx),
        };
        let Some(semi) = semicolon else {
            let value_end = if multiline {
                self.source.len()
            } else {
                first_line_end
            };
            let value = Piece::new(&self.source[from..value_end], from);
            let at = value.trim_end().end();
            sink.report(
                Span::at(at),
                Problem::MissingSemicolon {
                    keyword: keyword.text.to_owned(),
                },
            );
            self.pos = value_end;
            return value;
        };
        self.pos = (semi + 1).min(self.source.len());
        Piece::new(&self.source[from..semi], from)
    }

    /// A value written in double quotes from `from`: up to and including the
    /// first `"` that only spaces separate from a `;`, moving past that `;`.
    /// `None` when the value does not open with `"` or never closes so.
    fn quoted_value(&mut self, from: usize) -> Option<Piece<'a>> {
        let rest = &self.source[from..];
        let open = from + rest.len() - rest.trim_start().len();
        if !self.source[open..].starts_with('"') {
            return None;
        }
        let mut search = open + 1;
        while let Some(idx) = self.source[search..].find('"') {
            let close = search + idx;
            let after = &self.source[close + 1..];
            let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
            if after[gap..].starts_with(';') {
                let semi = close + 1 + gap;
                self.pos = semi + 1;
                return Some(Piece::new(&self.source[from..close + 1], from));
            }
            search = close + 1;
        }
        None
    }

    fn ability(&mut self, keyword: Piece<'a>, from: usize, sink: &mut Sink) {
        // The header ends at the first `{`, which must come before any `;`
        // or `}` and before the next line that starts a statement.
        let next_stmt = self.next_statement_line(from);
        let limit = next_stmt.unwrap_or(self.source.len());
        let header_text = &self.source[from..limit];
        let brace = header_text.find('{').map(|idx| from + idx);
        let stop = header_text.find([';', '}']).map(|idx| from + idx);
        let brace = brace.filter(|brace| stop.is_none_or(|stop| *brace < stop));
        let Some(brace) = brace else {
            let header_end = self.line_end(from);
            let header = Piece::new(&self.source[from..header_end], from).trim();
            sink.report(
                Span::at(header.end()),
                Problem::MissingBrace {
                    header: header.text.to_owned(),
                },
            );
            // Skip what was probably meant as the body, up to its `}`, but
            // never past the next statement.
            let skip_to = header_text
                .find('}')
                .map_or(limit, |close| from + close + 1);
            self.pos = skip_to.max(header_end).min(self.source.len());
            return;
        };
        let header = Piece::new(&self.source[from..brace], from);
        match self.body_end(brace) {
            Ok(close) => {
                let body = Piece::new(&self.source[brace + 1..close], brace + 1);
                self.stmts.push(Stmt::Ability {
                    keyword,
                    header,
                    body,
                });
                self.pos = close + 1;
            }
            Err(cut) => {
                sink.report(Span::new(brace, brace + 1), Problem::UnclosedBrace);
                let body = Piece::new(&self.source[brace + 1..cut], brace + 1);
                self.stmts.push(Stmt::Ability {
                    keyword,
                    header,
                    body,
                });
                self.pos = cut;
            }
        }
    }

    /// The offset of the `}` balancing the `{` at `open`, or `Err(cut)` with
    /// the offset where the body is cut off (the start of a line that starts
    /// a new `ability` or card, or the end of the file).
    fn body_end(&self, open: usize) -> Result<usize, usize> {
        let bytes = self.source.as_bytes();
        let mut depth = 0usize;
        let mut idx = open;
        while idx < bytes.len() {
            match bytes[idx] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(idx);
                    }
                }
                b'\n' if self.line_starts_new_block(idx + 1) => return Err(idx + 1),
                _ => {}
            }
            idx += 1;
        }
        Err(bytes.len())
    }

    /// Whether the line starting at `line_start` begins with `ability` or
    /// `name` followed by whitespace: inside an ability body that means the
    /// closing `}` was forgotten.
    fn line_starts_new_block(&self, line_start: usize) -> bool {
        let line = self
            .source
            .get(line_start..)
            .unwrap_or("")
            .trim_start_matches([' ', '\t']);
        let word = line
            .split(|ch: char| ch.is_whitespace())
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        (word == "ability" || word == "name") && line[word.len()..].starts_with([' ', '\t'])
    }

    /// Whether the next non-blank line after `line_end` starts a statement
    /// (a header keyword, `serve`, `ability` or a `//` comment).
    fn next_line_starts_statement(&self, line_end: usize) -> bool {
        let rest = self.source.get(line_end..).unwrap_or("");
        let rest = rest.trim_start();
        let word = rest
            .split(|ch: char| ch.is_whitespace() || ch == ';')
            .next()
            .unwrap_or("");
        let lower = word.to_ascii_lowercase();
        word.starts_with("//")
            || HeaderKey::parse(&lower).is_some()
            || lower == "ability"
            || lower.starts_with("serve")
    }

    /// The offset of the next line (after `from`'s line) that starts with a
    /// statement keyword, if any.
    fn next_statement_line(&self, from: usize) -> Option<usize> {
        let mut line_end = self.line_end(from);
        while line_end < self.source.len() {
            let next_start = line_end + 1;
            if self.next_line_starts_statement(line_end) {
                let rest = self.source.get(next_start..).unwrap_or("");
                return Some(next_start + (rest.len() - rest.trim_start().len()));
            }
            line_end = self.line_end(next_start);
        }
        None
    }

    fn line_end(&self, from: usize) -> usize {
        self.source
            .get(from..)
            .and_then(|rest| rest.find('\n'))
            .map_or(self.source.len(), |idx| from + idx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> (Vec<String>, Vec<String>) {
        let mut sink = Sink::default();
        let stmts = lex(source, &mut sink);
        let stmts = stmts
            .iter()
            .map(|stmt| match stmt {
                Stmt::Header { key, value, .. } => format!("{}={:?}", key.as_str(), value.text),
                Stmt::Serve { list, .. } => format!("serve={:?}", list.text),
                Stmt::Ability { header, body, .. } => {
                    format!("ability {:?} {:?}", header.text.trim(), body.text.trim())
                }
            })
            .collect();
        let problems = sink
            .items
            .iter()
            .map(|p| p.problem.code().to_owned())
            .collect();
        (stmts, problems)
    }

    #[test]
    fn headers_are_case_insensitive_and_run_to_the_first_semicolon() {
        let (stmts, problems) = kinds("NAME Aria, Fairy Princess ;\nText \"a\n   b\";;\n");
        assert_eq!(
            stmts,
            ["name=\"Aria, Fairy Princess\"", "text=\"\\\"a\\n   b\\\"\""]
        );
        assert!(problems.is_empty());
    }

    #[test]
    fn a_quoted_text_may_hold_a_semicolon() {
        let (stmts, problems) =
            kinds("text \"Draw a card; then gain 1 PP.\";\nname X;\ntext \"a \"b\" c\" ;\n");
        assert_eq!(
            stmts,
            [
                "text=\"\\\"Draw a card; then gain 1 PP.\\\"\"",
                "name=\"X\"",
                "text=\"\\\"a \\\"b\\\" c\\\"\""
            ]
        );
        assert!(problems.is_empty(), "{problems:?}");
        // An unclosed quote falls back to the first `;`.
        let (stmts, _) = kinds("text \"open; name X;\n");
        assert_eq!(stmts, ["text=\"\\\"open\"", "name=\"X\""]);
    }

    #[test]
    fn comments_are_skipped_and_unknown_lines_warned() {
        let (stmts, problems) = kinds("// ---- name x;\nfoo bar;\nid X;\n");
        assert_eq!(stmts, ["id=\"X\""]);
        assert_eq!(problems, ["ignored-line"]);
    }

    #[test]
    fn abilities_end_at_the_balancing_brace() {
        let (stmts, _) =
            kinds("ability Spell {\n effect ComplexEffect(perform X { amount = 1 });\n}\nid Y;");
        assert_eq!(
            stmts,
            [
                "ability \"Spell\" \"effect ComplexEffect(perform X { amount = 1 });\"",
                "id=\"Y\""
            ]
        );
    }

    #[test]
    fn serve_lines_are_keyword_lists() {
        let (stmts, _) = kinds("serve1, serve2;\nserve;");
        assert_eq!(stmts, ["serve=\"serve1, serve2\"", "serve=\"serve\""]);
    }

    #[test]
    fn a_missing_semicolon_ends_the_statement_at_its_line() {
        let (stmts, problems) = kinds("cost 2\nstats 2/2;\n");
        assert_eq!(stmts, ["cost=\"2\"", "stats=\"2/2\""]);
        assert_eq!(problems, ["missing-semicolon"]);
    }

    #[test]
    fn a_multi_line_keyword_list_is_still_one_statement() {
        let (stmts, problems) = kinds("keywords Ward,\n  Rush;\n");
        assert_eq!(stmts, ["keywords=\"Ward,\\n  Rush\""]);
        assert!(problems.is_empty());
    }

    #[test]
    fn a_missing_closing_brace_stops_before_the_next_card() {
        let (stmts, problems) = kinds("ability Fanfare {\n effect Draw(1);\nname Next;\n");
        assert_eq!(
            stmts,
            ["ability \"Fanfare\" \"effect Draw(1);\"", "name=\"Next\""]
        );
        assert_eq!(problems, ["unclosed-brace"]);
    }

    #[test]
    fn a_missing_opening_brace_skips_the_body() {
        let (stmts, problems) = kinds("ability Fanfare\n effect Draw(1);\n}\nid Z;\n");
        assert_eq!(stmts, ["id=\"Z\""]);
        assert_eq!(problems, ["missing-brace"]);
    }
}
