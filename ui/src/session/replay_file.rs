//! Where a replay downloaded from the server goes: the file the player
//! named on the desktop; in a web page, which has no file system, a
//! download of that name the browser saves.

use std::path::Path;

/// Saves a replay's `bytes` as `path`; the notice that says how it went.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn save(path: &Path, bytes: &[u8]) -> String {
    match std::fs::write(path, bytes) {
        Ok(()) => format!("Replay saved to {}", path.display()),
        Err(err) => format!("Cannot write {}: {err}", path.display()),
    }
}

/// Hands a replay's `bytes` to the browser as a download named after
/// `path`'s file name; the notice that says how it went.
#[cfg(target_arch = "wasm32")]
pub(super) fn save(path: &Path, bytes: &[u8]) -> String {
    let name = path.file_name().map_or_else(
        || "match.sver".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    );
    match download(&name, bytes) {
        Ok(()) => format!("Replay downloaded as {name}"),
        Err(err) => format!("The browser did not take the replay {name}: {err}"),
    }
}

/// Offers `bytes` as a download: a blob URL clicked through a link.
#[cfg(target_arch = "wasm32")]
fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    use wasm_bindgen::JsCast as _;
    let js = |err: wasm_bindgen::JsValue| format!("{err:?}");
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or("no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(js)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(js)?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(js)?
        .dyn_into()
        .map_err(|_| "not a link".to_owned())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The blob stays until the page closes (a few KB per replay saved):
    // revoked at once, a browser may not have read it yet.
    Ok(())
}
