//! Optional card art from a folder of the user's: `<folder>/<card id>.png`
//! (or `.jpg`, `.jpeg`), shown on card faces and in the large preview. No
//! art is bundled; a card without a picture keeps its drawn face.
//!
//! The pictures are outside data, so loading is defensive and never on
//! the UI thread: a card face asks [`CardArt::texture`], which returns at
//! once (the texture when it is ready, else `None`) and queues the card
//! for a background thread. That thread refuses anything but a regular
//! file of at most [`MAX_FILE_BYTES`], decodes it with the `image` crate
//! under limits (at most [`MAX_DECODED_SIDE`] pixels a side and a
//! bounded allocation), scales it down to [`TEXTURE_SIDE`] pixels a side,
//! uploads it and wakes the UI. A missing picture is silent; a broken or
//! refused one is logged once and drawn as the plain face; a decoder
//! panic is caught. Each card is tried once per folder: changing the
//! folder ([`CardArt::set_folder`]) starts over.
//!
//! The library lives in the app and is put into egui's memory each frame
//! ([`CardArt::install`]), so the drawing code finds it without every
//! caller passing it along ([`texture_for`]).

use egui::{ColorImage, Context, Id, TextureHandle, TextureOptions};
use std::collections::HashMap;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, Weak, mpsc};

/// The art folder used until the user picks another: `card-art`, beside
/// `card-packs` in the folder the client runs in.
pub const DEFAULT_FOLDER: &str = "card-art";

/// The file names tried for a card, in order: `<card id>.<extension>`.
pub const EXTENSIONS: [&str; 3] = ["png", "jpg", "jpeg"];

/// The largest picture file read; a larger one is refused unread.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// The largest width or height decoded; a larger picture is refused when
/// its header is read, before its pixels are.
pub const MAX_DECODED_SIDE: u32 = 4096;

/// The most the decoder may allocate for one picture.
const MAX_DECODE_ALLOC: u64 = 128 * 1024 * 1024;

/// Pictures are scaled down to at most this many pixels a side before
/// they become textures (a card face is never drawn larger).
pub const TEXTURE_SIDE: u32 = 512;

/// Where a card's picture stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArtStatus {
    /// Nothing drew the card yet.
    NotAsked,
    /// Queued or being read on the background thread.
    Loading,
    /// The picture is a texture, drawn on the card.
    Ready,
    /// The folder has no picture for the card.
    Missing,
    /// The picture could not be used (logged once): too large, not an
    /// image, corrupt.
    Broken,
}

/// The card art of one folder, shared by clones: textures by card id and
/// the background thread that reads them.
#[derive(Clone)]
pub struct CardArt {
    shared: Arc<Mutex<Shared>>,
}

/// Why a picture could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtError {
    path: PathBuf,
    reason: String,
}

impl CardArt {
    /// Card art from `folder` (which need not exist).
    pub fn new(folder: impl Into<PathBuf>) -> CardArt {
        CardArt {
            shared: Arc::new(Mutex::new(Shared {
                folder: folder.into(),
                generation: 0,
                entries: HashMap::new(),
                jobs: None,
            })),
        }
    }

    /// The folder pictures are read from.
    pub fn folder(&self) -> PathBuf {
        self.lock().folder.clone()
    }

    /// Reads pictures from `folder` from now on; the pictures of the old
    /// folder are dropped (and any still being read are discarded), so
    /// every card is tried again.
    pub fn set_folder(&self, folder: impl Into<PathBuf>) {
        let folder = folder.into();
        let mut shared = self.lock();
        if shared.folder == folder {
            return;
        }
        shared.folder = folder;
        shared.generation += 1;
        shared.entries.clear();
    }

    /// Where `card_id`'s picture stands.
    pub fn status(&self, card_id: &str) -> ArtStatus {
        match self.lock().entries.get(card_id) {
            None => ArtStatus::NotAsked,
            Some(Entry::Loading) => ArtStatus::Loading,
            Some(Entry::Ready(_)) => ArtStatus::Ready,
            Some(Entry::Missing) => ArtStatus::Missing,
            Some(Entry::Broken) => ArtStatus::Broken,
        }
    }

    /// The picture of `card_id` when it is ready. The first call for a
    /// card queues it for the background thread, which wakes `ctx` when
    /// it is done; this never waits.
    pub fn texture(&self, ctx: &Context, card_id: &str) -> Option<TextureHandle> {
        let mut shared = self.lock();
        match shared.entries.get(card_id) {
            Some(Entry::Ready(texture)) => return Some(texture.clone()),
            Some(_) => return None,
            None => {}
        }
        if !is_plain_card_id(card_id) {
            // A card id from a pack or a server names no file outside the
            // folder.
            shared.entries.insert(card_id.to_owned(), Entry::Missing);
            return None;
        }
        let job = Job {
            card_id: card_id.to_owned(),
            folder: shared.folder.clone(),
            generation: shared.generation,
            ctx: ctx.clone(),
        };
        let sent = match shared.jobs.as_ref() {
            Some(jobs) => jobs.send(job).map_err(|failed| failed.0),
            None => Err(job),
        };
        let entry = match sent {
            Ok(()) => Entry::Loading,
            // The thread is not running yet (or ended): start it.
            Err(job) => match start_worker(Arc::downgrade(&self.shared)) {
                Some(jobs) => {
                    let queued = jobs.send(job).is_ok();
                    shared.jobs = Some(jobs);
                    if queued {
                        Entry::Loading
                    } else {
                        Entry::Broken
                    }
                }
                None => Entry::Broken,
            },
        };
        shared.entries.insert(card_id.to_owned(), entry);
        None
    }

    /// Puts this library into `ctx`'s memory, where [`texture_for`] finds
    /// it (call once a frame, before drawing cards).
    pub fn install(&self, ctx: &Context) {
        ctx.data_mut(|data| data.insert_temp(memory_id(), self.clone()));
    }

    /// The library [`CardArt::install`] put into `ctx`, if any.
    pub fn of(ctx: &Context) -> Option<CardArt> {
        ctx.data(|data| data.get_temp::<CardArt>(memory_id()))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        // A panic elsewhere with the lock held leaves plain data behind.
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl std::fmt::Debug for CardArt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shared = self.lock();
        f.debug_struct("CardArt")
            .field("folder", &shared.folder)
            .field("entries", &shared.entries.len())
            .finish()
    }
}

impl ArtError {
    /// The picture file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl std::fmt::Display for ArtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "card art {}: {}", self.path.display(), self.reason)
    }
}

impl std::error::Error for ArtError {}

/// The field that chooses the art folder (on the Card packs screen): the
/// folder's path, "Use this folder", and how many pictures it holds.
#[derive(Debug, Default)]
pub struct ArtFolderField {
    /// The path being typed; filled from the library when first drawn.
    text: Option<String>,
    /// The pictures counted in the folder in use, counted when it is set.
    found: Option<(PathBuf, usize)>,
}

impl ArtFolderField {
    /// Draws the field; "Use this folder" (or Enter) switches `art` to
    /// the typed folder.
    pub fn ui(&mut self, ui: &mut egui::Ui, art: &CardArt) {
        let Self { text, found } = self;
        let text = text.get_or_insert_with(|| art.folder().display().to_string());
        ui.horizontal(|ui| {
            let label = ui.label("Card art folder");
            let edit = ui
                .add(egui::TextEdit::singleline(text).desired_width(320.0))
                .labelled_by(label.id);
            let entered =
                edit.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
            if ui.button("Use this folder").clicked() || entered {
                art.set_folder(text.trim());
            }
        });
        let folder = art.folder();
        if found.as_ref().is_none_or(|(counted, _)| *counted != folder) {
            *found = Some((folder.clone(), count_pictures(&folder)));
        }
        let count = found.as_ref().map_or(0, |(_, count)| *count);
        ui.weak(format!(
            "Pictures named by card id (SD01-001.png or .jpg) are drawn on the cards; \
             {count} found in {}. None are bundled.",
            folder.display()
        ));
    }
}

/// The picture of `card_id` from the library installed in `ctx`, when it
/// is ready (see [`CardArt::texture`]).
pub fn texture_for(ctx: &Context, card_id: &str) -> Option<TextureHandle> {
    CardArt::of(ctx)?.texture(ctx, card_id)
}

/// Reads and decodes the picture of `card_id` in `folder`, scaled to at
/// most [`TEXTURE_SIDE`] a side: `Ok(None)` when there is none, an error
/// when the file is refused or does not decode. Blocking: the background
/// thread calls it.
pub fn load_art(folder: &Path, card_id: &str) -> Result<Option<ColorImage>, ArtError> {
    for extension in EXTENSIONS {
        let path = folder.join(format!("{card_id}.{extension}"));
        let refuse = |reason: String| ArtError {
            path: path.clone(),
            reason,
        };
        let metadata = match std::fs::metadata(&path) {
            Ok(metadata) => metadata,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => return Err(refuse(error.to_string())),
        };
        if !metadata.is_file() {
            return Err(refuse("not a regular file".to_owned()));
        }
        if metadata.len() > MAX_FILE_BYTES {
            return Err(refuse(format!(
                "{} bytes, more than the {MAX_FILE_BYTES} allowed",
                metadata.len()
            )));
        }
        let mut bytes = Vec::new();
        std::fs::File::open(&path)
            .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|error| refuse(error.to_string()))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(refuse("the file grew past the size allowed".to_owned()));
        }
        // The decoders are not ours: a panic in one is a broken picture,
        // not a dead thread.
        let decoded = std::panic::catch_unwind(|| decode(&bytes))
            .unwrap_or_else(|_| Err("the decoder failed".to_owned()));
        return decoded.map(Some).map_err(refuse);
    }
    Ok(None)
}

/// How many files in `folder` have a picture's extension (at most the
/// first 10 000 entries are looked at; no folder counts none).
fn count_pictures(folder: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    entries
        .take(10_000)
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .path()
                .extension()
                .and_then(|extension| extension.to_str())
                .is_some_and(|extension| {
                    EXTENSIONS.contains(&extension.to_ascii_lowercase().as_str())
                })
        })
        .count()
}

/// The state shared with the background thread.
struct Shared {
    folder: PathBuf,
    /// Counts folder changes: a result for an older folder is dropped.
    generation: u64,
    entries: HashMap<String, Entry>,
    /// The background thread's queue, once it runs.
    jobs: Option<mpsc::Sender<Job>>,
}

enum Entry {
    Loading,
    Ready(TextureHandle),
    Missing,
    Broken,
}

/// One picture to read.
struct Job {
    card_id: String,
    folder: PathBuf,
    generation: u64,
    /// Where the texture goes, and who is woken.
    ctx: Context,
}

fn memory_id() -> Id {
    Id::unique("sve card art")
}

/// A card id that is a plain file name: letters, digits, `-`, `_` and
/// `.`, not starting with a dot, at most 64 characters.
fn is_plain_card_id(card_id: &str) -> bool {
    !card_id.is_empty()
        && card_id.len() <= 64
        && !card_id.starts_with('.')
        && card_id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Starts the background thread; it ends when the library is dropped.
fn start_worker(shared: Weak<Mutex<Shared>>) -> Option<mpsc::Sender<Job>> {
    let (sender, receiver) = mpsc::channel::<Job>();
    let started = std::thread::Builder::new()
        .name("card art".to_owned())
        .spawn(move || {
            // Ends when every sender is gone: the library was dropped.
            for job in receiver {
                let loaded = load_art(&job.folder, &job.card_id);
                let Some(shared) = shared.upgrade() else {
                    return;
                };
                let entry = match loaded {
                    Ok(Some(image)) => Entry::Ready(job.ctx.load_texture(
                        format!("card art {}", job.card_id),
                        image,
                        TextureOptions::LINEAR,
                    )),
                    Ok(None) => {
                        tracing::debug!("no card art for {:?}", job.card_id);
                        Entry::Missing
                    }
                    Err(error) => {
                        tracing::warn!("{error}");
                        Entry::Broken
                    }
                };
                let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                if shared.generation == job.generation {
                    shared.entries.insert(job.card_id, entry);
                }
                drop(shared);
                job.ctx.request_repaint();
            }
        });
    match started {
        Ok(_) => Some(sender),
        Err(error) => {
            tracing::warn!("card art is off: its thread did not start: {error}");
            None
        }
    }
}

fn decode(bytes: &[u8]) -> Result<ColorImage, String> {
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|error| error.to_string())?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    reader.limits(limits);
    let picture = reader.decode().map_err(|error| error.to_string())?;
    let picture = if picture.width() > TEXTURE_SIDE || picture.height() > TEXTURE_SIDE {
        picture.thumbnail(TEXTURE_SIDE, TEXTURE_SIDE)
    } else {
        picture
    };
    let rgba = picture.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temp folder.
    fn temp_folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sve-card-art-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temp folder");
        dir
    }

    /// A small picture, `width` × `height`, encoded as PNG.
    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = image::RgbaImage::from_fn(width, height, |x, y| {
            image::Rgba([(x * 40) as u8, (y * 40) as u8, 160, 255])
        });
        let mut bytes = Vec::new();
        picture
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Png,
            )
            .expect("a PNG encodes");
        bytes
    }

    /// CRC-32 (the PNG chunk checksum), bit by bit.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    /// A PNG whose header claims `side` × `side` pixels (with a valid
    /// checksum), over a 1×1 picture's data: a decompression bomb's
    /// header.
    fn png_claiming(side: u32) -> Vec<u8> {
        let mut bytes = png(1, 1);
        // Signature (8), length (4), "IHDR" (4), then width and height.
        bytes[16..20].copy_from_slice(&side.to_be_bytes());
        bytes[20..24].copy_from_slice(&side.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        bytes
    }

    #[test]
    fn a_png_and_a_jpg_load_scaled_to_the_texture_side() {
        let dir = temp_folder("good");
        std::fs::write(dir.join("SD01-001.png"), png(3, 2)).expect("written");
        let loaded = load_art(&dir, "SD01-001")
            .expect("it loads")
            .expect("found");
        assert_eq!(loaded.size, [3, 2]);

        let big = image::RgbImage::from_pixel(1024, 600, image::Rgb([200, 30, 30]));
        let mut jpeg = Vec::new();
        big.write_to(
            &mut std::io::Cursor::new(&mut jpeg),
            image::ImageFormat::Jpeg,
        )
        .expect("a JPEG encodes");
        std::fs::write(dir.join("SD01-002.jpg"), jpeg).expect("written");
        let loaded = load_art(&dir, "SD01-002")
            .expect("it loads")
            .expect("found");
        assert_eq!(loaded.size, [512, 300], "scaled down, same shape");
    }

    #[test]
    fn no_picture_is_none_and_hostile_files_are_refused() {
        let dir = temp_folder("hostile");
        assert_eq!(load_art(&dir, "SD01-001"), Ok(None), "no file");
        assert_eq!(
            load_art(&dir.join("no such folder"), "SD01-001"),
            Ok(None),
            "no folder"
        );

        std::fs::write(dir.join("corrupt.png"), b"\x89PNG\r\n\x1a\n not really").expect("written");
        assert!(load_art(&dir, "corrupt").is_err(), "a corrupt PNG");
        std::fs::write(dir.join("text.png"), "just some text").expect("written");
        assert!(load_art(&dir, "text").is_err(), "not an image");

        // Over the size cap: refused from its length, never read (a sparse
        // file, so the test writes nothing).
        let huge = std::fs::File::create(dir.join("huge.png")).expect("created");
        huge.set_len(MAX_FILE_BYTES * 64).expect("sized");
        let refused = load_art(&dir, "huge").expect_err("too large");
        assert!(refused.to_string().contains("more than"), "{refused}");

        // A header claiming 60 000 × 60 000 pixels is refused before any
        // pixel is allocated.
        std::fs::write(dir.join("bomb.png"), png_claiming(60_000)).expect("written");
        let started = std::time::Instant::now();
        assert!(load_art(&dir, "bomb").is_err(), "a decompression bomb");
        assert!(started.elapsed() < std::time::Duration::from_secs(2));

        std::fs::create_dir_all(dir.join("folder.png")).expect("a folder");
        assert!(load_art(&dir, "folder").is_err(), "not a regular file");
    }

    #[test]
    fn card_ids_that_are_not_plain_file_names_name_no_file() {
        assert!(is_plain_card_id("SD01-001"));
        assert!(is_plain_card_id("BP01-LD07"));
        assert!(!is_plain_card_id("../secret"));
        assert!(!is_plain_card_id("a/b"));
        assert!(!is_plain_card_id(".hidden"));
        assert!(!is_plain_card_id(""));
        let art = CardArt::new(temp_folder("ids"));
        let ctx = Context::default();
        assert!(art.texture(&ctx, "../secret").is_none());
        assert_eq!(art.status("../secret"), ArtStatus::Missing);
    }

    #[test]
    fn a_picture_is_read_in_the_background_and_a_new_folder_starts_over() {
        let dir = temp_folder("library");
        std::fs::write(dir.join("SD01-001.png"), png(4, 4)).expect("written");
        let art = CardArt::new(&dir);
        let ctx = Context::default();
        assert!(art.texture(&ctx, "SD01-001").is_none(), "never waits");
        assert!(art.texture(&ctx, "SD01-002").is_none());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while art.status("SD01-001") == ArtStatus::Loading
            || art.status("SD01-002") == ArtStatus::Loading
        {
            assert!(std::time::Instant::now() < deadline, "the thread answers");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(art.status("SD01-001"), ArtStatus::Ready);
        assert_eq!(art.status("SD01-002"), ArtStatus::Missing);
        let texture = art.texture(&ctx, "SD01-001").expect("ready");
        assert_eq!(texture.size(), [4, 4]);

        art.set_folder(dir.join("elsewhere"));
        assert_eq!(art.status("SD01-001"), ArtStatus::NotAsked);
    }
}
