//! The web page a server hands out (issue 35): a plain `GET /` (one that
//! asks for no WebSocket) answers with the client's `index.html`, and
//! `GET /NAME` with the bundle's other files (`sve_ui.js`,
//! `sve_ui_bg.wasm`), from the folder `cargo xtask web` builds
//! (`target/web/` by default, `sve serve --web DIR`).
//!
//! The folder is read at each request, so a bundle built while the server
//! runs is served at once. Without one, `/` says how to build it and where
//! it was looked for: never a bare 404. Only plain file names in the folder
//! itself are served (letters, digits, `.`, `-` and `_`; no path, no
//! leading dot): nothing outside it can be asked for.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::path::{Path, PathBuf};

/// The longest file name served.
const MAX_NAME_CHARS: usize = 64;

/// Where the page's files are.
#[derive(Clone, Debug)]
pub struct WebPage {
    dir: PathBuf,
}

impl WebPage {
    /// The bundle in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> WebPage {
        WebPage { dir: dir.into() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether the folder holds a page now.
    pub fn is_built(&self) -> bool {
        self.dir.join("index.html").is_file()
    }

    /// The answer to `GET /name` (`""` for `/`); `headers` are the
    /// request's (a `.gz` twin of a file is sent to a browser that takes
    /// gzip).
    pub async fn get(&self, name: &str, headers: &HeaderMap) -> Response {
        let name = if name.is_empty() { "index.html" } else { name };
        if !plain_name(name) {
            return not_found(name);
        }
        let path = self.dir.join(name);
        let gzip = accepts_gzip(headers) && name != "index.html";
        if gzip {
            let packed = self.dir.join(format!("{name}.gz"));
            if newer_or_same(&packed, &path).await
                && let Ok(bytes) = tokio::fs::read(&packed).await
            {
                return file(name, bytes, Some("gzip"));
            }
        }
        match tokio::fs::read(&path).await {
            Ok(bytes) => file(name, bytes, None),
            Err(_) if name == "index.html" => self.not_built(),
            Err(_) => not_found(name),
        }
    }

    /// `/` without a bundle: how to build one.
    fn not_built(&self) -> Response {
        let dir = std::path::absolute(&self.dir).unwrap_or_else(|_| self.dir.clone());
        let dir = escape(&dir.display().to_string());
        let body = format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <title>Shadowverse: Evolve: no web client built</title></head>\
             <body style=\"font-family: system-ui, sans-serif; max-width: 46em; margin: 3em auto; \
             line-height: 1.5\">\
             <h1>The web client is not built</h1>\
             <p>This server plays online matches (its WebSocket is at this address), but it \
             found no web page to hand out in <code>{dir}</code>.</p>\
             <p>Build the page in the repository with</p><pre>cargo xtask web</pre>\
             <p>which writes <code>target/web/</code>; or start the server with \
             <code>sve serve --web DIR</code> pointing at a built page. Reload this page once \
             it is built: the server needs no restart.</p>\
             <p>The desktop client plays here too: <code>cargo run --release</code>, then \
             <b>Play online</b>.</p></body></html>\n"
        );
        let mut response = (StatusCode::NOT_FOUND, body).into_response();
        set(
            &mut response,
            header::CONTENT_TYPE,
            "text/html; charset=utf-8",
        );
        set(&mut response, header::CACHE_CONTROL, "no-cache");
        response
    }
}

/// A file of the bundle. `no-cache`: the browser asks again each time (a
/// rebuilt bundle is never mixed with a cached one).
fn file(name: &str, bytes: Vec<u8>, encoding: Option<&'static str>) -> Response {
    let mut response = (StatusCode::OK, bytes).into_response();
    set(&mut response, header::CONTENT_TYPE, content_type(name));
    set(&mut response, header::CACHE_CONTROL, "no-cache");
    if let Some(encoding) = encoding {
        set(&mut response, header::CONTENT_ENCODING, encoding);
        set(&mut response, header::VARY, "accept-encoding");
    }
    response
}

fn not_found(name: &str) -> Response {
    let mut response = (
        StatusCode::NOT_FOUND,
        format!("no file {} in the web client's bundle\n", escape(name)),
    )
        .into_response();
    set(
        &mut response,
        header::CONTENT_TYPE,
        "text/plain; charset=utf-8",
    );
    response
}

fn set(response: &mut Response, name: header::HeaderName, value: &'static str) {
    response
        .headers_mut()
        .insert(name, HeaderValue::from_static(value));
}

/// A name of a file in the folder itself.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_CHARS
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
}

/// The type a browser needs: `application/wasm` lets it compile the module
/// while it downloads.
fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css; charset=utf-8",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// Whether the request's `Accept-Encoding` takes gzip.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|param| param.trim().replace(' ', "") == "q=0");
            name.eq_ignore_ascii_case("gzip") && !refused
        })
}

/// Whether `packed` exists and is no older than `plain` (a `.gz` left from
/// an earlier build is not sent).
async fn newer_or_same(packed: &Path, plain: &Path) -> bool {
    let modified = |path: &Path| {
        let path = path.to_owned();
        async move { tokio::fs::metadata(path).await.and_then(|m| m.modified()) }
    };
    match (modified(packed).await, modified(plain).await) {
        (Ok(packed), Ok(plain)) => packed >= plain,
        (Ok(_), Err(_)) => true,
        _ => false,
    }
}

/// Text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_in_the_folder_are_served() {
        for good in [
            "index.html",
            "sve_ui.js",
            "sve_ui_bg.wasm",
            "sve_ui_bg.wasm.gz",
        ] {
            assert!(plain_name(good), "{good}");
        }
        for bad in ["", "../Cargo.toml", "a/b.js", ".env", "..", "a%2Fb", "a\\b"] {
            assert!(!plain_name(bad), "{bad}");
        }
    }

    #[test]
    fn a_wasm_module_goes_as_wasm() {
        assert_eq!(content_type("sve_ui_bg.wasm"), "application/wasm");
        assert_eq!(content_type("sve_ui.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("README"), "application/octet-stream");
    }

    #[test]
    fn gzip_is_sent_only_to_who_takes_it() {
        let mut headers = HeaderMap::new();
        assert!(!accepts_gzip(&headers));
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, deflate, br"),
        );
        assert!(accepts_gzip(&headers));
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br, gzip;q=0"),
        );
        assert!(!accepts_gzip(&headers));
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    }

    async fn body(response: Response) -> String {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .expect("a body");
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[test]
    fn without_a_bundle_the_root_says_how_to_build_one() {
        let dir = std::env::temp_dir().join(format!("sve-no-page-{}", std::process::id()));
        let page = WebPage::new(&dir);
        assert!(!page.is_built());
        runtime().block_on(async {
            let response = page.get("", &HeaderMap::new()).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND);
            let text = body(response).await;
            assert!(text.contains("cargo xtask web"), "{text}");
            assert!(text.contains("sve-no-page-"), "names the folder: {text}");
        });
    }

    #[test]
    fn a_bundle_is_served_and_its_gzip_twin_to_who_takes_it() {
        let dir = std::env::temp_dir().join(format!("sve-page-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join("index.html"), "<canvas>").expect("written");
        std::fs::write(dir.join("sve_ui_bg.wasm"), b"\0asm plain").expect("written");
        std::fs::write(dir.join("sve_ui_bg.wasm.gz"), b"packed").expect("written");
        let page = WebPage::new(&dir);
        assert!(page.is_built());
        runtime().block_on(async {
            let index = page.get("", &HeaderMap::new()).await;
            assert_eq!(index.status(), StatusCode::OK);
            assert_eq!(body(index).await, "<canvas>");
            let plain = page.get("sve_ui_bg.wasm", &HeaderMap::new()).await;
            assert_eq!(
                plain.headers().get(header::CONTENT_TYPE),
                Some(&HeaderValue::from_static("application/wasm"))
            );
            assert_eq!(body(plain).await, "\0asm plain");
            let mut gzip = HeaderMap::new();
            gzip.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
            let packed = page.get("sve_ui_bg.wasm", &gzip).await;
            assert_eq!(
                packed.headers().get(header::CONTENT_ENCODING),
                Some(&HeaderValue::from_static("gzip"))
            );
            assert_eq!(body(packed).await, "packed");
            let outside = page.get("..", &HeaderMap::new()).await;
            assert_eq!(outside.status(), StatusCode::NOT_FOUND);
        });
        std::fs::remove_dir_all(&dir).ok();
    }
}
