//! Where a saved replay goes: the file the player named on the desktop;
//! in a web page, which has no file system, a download of that name the
//! browser saves. The match worker, the replay viewer and the online
//! session (a replay the server sent) all save through [`keep`].

use std::path::Path;

/// Keeps a replay's `bytes` as `path`: `Ok` says where it went, in the
/// player's words (`Replay saved to …` follows); `Err` why it did not.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn keep(path: &Path, bytes: &[u8]) -> Result<String, String> {
    path.parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, bytes))
        .map(|()| path.display().to_string())
        .map_err(|err| {
            tracing::warn!("writing replay {}: {err}", path.display());
            format!("Could not save the replay to {}: {err}", path.display())
        })
}

/// Hands a replay's `bytes` to the browser as a download named after
/// `path`'s file name: `Ok` says where it went, `Err` why it did not.
#[cfg(target_arch = "wasm32")]
pub(super) fn keep(path: &Path, bytes: &[u8]) -> Result<String, String> {
    let name = path.file_name().map_or_else(
        || "match.sver".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    );
    download(&name, bytes)
        .map(|()| format!("your downloads as {name}"))
        .map_err(|err| format!("The browser did not take the replay {name}: {err}"))
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
