//! Links to a table: `http://HOST:PORT/#join=CODE` opens the web page
//! that `sve serve` hands out straight into that table, `#watch=CODE`
//! watches it. The desktop client's Copy link writes them from the
//! server's WebSocket address; the page reads its own address's fragment.

use crate::session::online::OnlineEntry;

/// The longest table code a link may carry (the server's are 6 letters).
const MAX_CODE_CHARS: usize = 16;

/// What a link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableLink {
    /// Sit at the table with this code.
    Join(String),
    /// Watch the table with this code.
    Watch(String),
}

impl TableLink {
    /// The way into the match this link asks for.
    pub fn entry(&self) -> OnlineEntry {
        match self {
            TableLink::Join(code) => OnlineEntry::Join(code.clone()),
            TableLink::Watch(code) => OnlineEntry::Spectate(code.clone()),
        }
    }

    /// Reads a page address's fragment (`#join=K7QH2M`, with or without
    /// the `#`). The code is outside input: letters and digits only, at
    /// most 16, upper-cased; anything else is no link.
    pub fn from_fragment(fragment: &str) -> Option<TableLink> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let (key, code) = fragment.split_once('=')?;
        let code = code.trim();
        let plain = !code.is_empty()
            && code.chars().count() <= MAX_CODE_CHARS
            && code.chars().all(|c| c.is_ascii_alphanumeric());
        if !plain {
            return None;
        }
        let code = code.to_ascii_uppercase();
        match key {
            "join" => Some(TableLink::Join(code)),
            "watch" => Some(TableLink::Watch(code)),
            _ => None,
        }
    }

    /// The page's address for this link on the server whose WebSocket
    /// address is `server` (`ws://HOST:PORT/` gives
    /// `http://HOST:PORT/#join=CODE`, `wss://` gives `https://`); `None`
    /// for an address that is not a WebSocket one.
    pub fn url(&self, server: &str) -> Option<String> {
        let server = server.trim();
        let (scheme, rest) = server.split_once("://")?;
        let scheme = match scheme.to_ascii_lowercase().as_str() {
            "ws" => "http",
            "wss" => "https",
            _ => return None,
        };
        let host = rest.split(['/', '?', '#']).next()?;
        if host.is_empty() {
            return None;
        }
        let (key, code) = match self {
            TableLink::Join(code) => ("join", code),
            TableLink::Watch(code) => ("watch", code),
        };
        Some(format!("{scheme}://{host}/#{key}={code}"))
    }
}

/// The WebSocket address of the server a page at `protocol` (`http:` or
/// `https:`) and `host` (`HOST:PORT`) came from.
pub fn server_of_page(protocol: &str, host: &str) -> String {
    let scheme = if protocol.eq_ignore_ascii_case("https:") {
        "wss"
    } else {
        "ws"
    };
    format!("{scheme}://{host}/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_names_a_table_to_join_or_watch() {
        assert_eq!(
            TableLink::from_fragment("#join=k7qh2m"),
            Some(TableLink::Join("K7QH2M".to_owned()))
        );
        assert_eq!(
            TableLink::from_fragment("watch=K7QH2M"),
            Some(TableLink::Watch("K7QH2M".to_owned()))
        );
        for bad in [
            "",
            "#",
            "#join",
            "#join=",
            "#play=K7QH2M",
            "#join=K7 QH",
            "#join=<b>",
            "#join=ABCDEFGHIJKLMNOPQ",
        ] {
            assert_eq!(TableLink::from_fragment(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_link_points_at_the_page_of_the_server() {
        let join = TableLink::Join("K7QH2M".to_owned());
        assert_eq!(
            join.url("ws://127.0.0.1:7878/").as_deref(),
            Some("http://127.0.0.1:7878/#join=K7QH2M")
        );
        assert_eq!(
            TableLink::Watch("K7QH2M".to_owned())
                .url(" wss://play.example.org ")
                .as_deref(),
            Some("https://play.example.org/#watch=K7QH2M")
        );
        assert_eq!(join.url("http://127.0.0.1:7878/"), None);
        assert_eq!(join.url("ws:///"), None);
    }

    #[test]
    fn the_page_finds_its_server() {
        assert_eq!(
            server_of_page("http:", "10.0.0.2:7878"),
            "ws://10.0.0.2:7878/"
        );
        assert_eq!(
            server_of_page("https:", "play.example.org"),
            "wss://play.example.org/"
        );
    }
}
