//! Logos and photos travel as base64 PNG (spec 01 §5, §9). They are checked by decoding, never
//! by a name or a claimed type, and stored without their metadata: a photo's EXIF may say
//! where and when it was taken, and text chunks who made it.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

pub const NOT_PNG: &str = "Only PNG images are allowed.";
pub const LOGO_TOO_BIG: &str = "Image resolution is too big. Max resolution is 256x256.";
pub const PHOTO_TOO_BIG: &str = "Image resolution is too big. Max resolution is 2048x2048.";

/// Logos may be at most this wide and high.
pub const LOGO_MAX_SIDE: u32 = 256;
/// Photos are limited too, so a small file cannot unpack into a huge image.
pub const PHOTO_MAX_SIDE: u32 = 2048;

/// The bytes of a stored image: browsers send data URLs, the bare base64 is accepted too.
pub fn png_bytes(base64: &str) -> Option<Vec<u8>> {
    let data = base64
        .split_once(";base64,")
        .map_or(base64, |(_, data)| data);
    STANDARD.decode(data.trim()).ok()
}

/// Checks a base64 PNG no larger than `max_side` on either side and gives it back as it is
/// stored: the same image without its metadata chunks, base64 again (a data URL stays one).
/// `Err` holds the message.
pub fn check_png(
    base64: &str,
    max_side: u32,
    too_big: &'static str,
) -> Result<String, &'static str> {
    let bytes = png_bytes(base64).ok_or(NOT_PNG)?;
    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let mut reader = decoder.read_info().map_err(|_| NOT_PNG)?;
    let info = reader.info();
    if info.width > max_side || info.height > max_side {
        return Err(too_big);
    }
    let mut frame = vec![0; reader.output_buffer_size().ok_or(NOT_PNG)?];
    reader.next_frame(&mut frame).map_err(|_| NOT_PNG)?;
    let clean = STANDARD.encode(without_metadata(&bytes));
    Ok(if base64.contains(";base64,") {
        format!("data:image/png;base64,{clean}")
    } else {
        clean
    })
}

/// The ancillary chunks that change how the pixels look, kept (PNG §11.3); every other one
/// (text, time, EXIF, physical size, animation, private chunks) is dropped.
const RENDERING_CHUNKS: [&[u8; 4]; 10] = [
    b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"sBIT", b"bKGD", b"cICP", b"mDCV", b"cLLI",
];

/// The IEND chunk, checksum included: every PNG ends with it.
const IEND: [u8; 12] = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82];

/// The PNG `bytes` (one that decoded) with only its signature, critical chunks and rendering
/// chunks, each copied as it is, up to IEND. Past the image a decoder reads no further, so a
/// file cut short or damaged there ends with a new IEND instead.
fn without_metadata(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let (signature, mut rest) = bytes.split_at(bytes.len().min(8));
    out.extend_from_slice(signature);
    while let Some((chunk, next)) = first_chunk(rest) {
        let kind = &chunk[4..8];
        // A chunk is critical when its type's first letter is upper case.
        if kind[0].is_ascii_uppercase() || RENDERING_CHUNKS.iter().any(|k| k[..] == *kind) {
            out.extend_from_slice(chunk);
        }
        if kind == b"IEND" {
            return out;
        }
        rest = next;
    }
    out.extend_from_slice(&IEND);
    out
}

/// The first whole chunk of `bytes` (length, type, data and CRC) and what follows it.
fn first_chunk(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let length = u32::from_be_bytes(bytes.get(..4)?.try_into().ok()?) as usize;
    let end = length.checked_add(12)?;
    (end <= bytes.len()).then(|| bytes.split_at(end))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A real PNG of `width`×`height`, base64.
    pub fn png(width: u32, height: u32) -> String {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, width, height);
            encoder.set_color(png::ColorType::Rgba);
            let mut writer = encoder.write_header().unwrap();
            writer
                .write_image_data(&vec![200; (width * height * 4) as usize])
                .unwrap();
        }
        STANDARD.encode(bytes)
    }

    #[test]
    fn logos_must_be_png_and_small_enough() {
        let plain = png(256, 200);
        assert_eq!(
            check_png(&plain, LOGO_MAX_SIDE, LOGO_TOO_BIG),
            Ok(plain.clone())
        );
        let data_url = format!("data:image/png;base64,{}", png(16, 16));
        assert_eq!(
            check_png(&data_url, LOGO_MAX_SIDE, LOGO_TOO_BIG),
            Ok(data_url.clone())
        );
        assert_eq!(
            check_png(&png(257, 10), LOGO_MAX_SIDE, LOGO_TOO_BIG),
            Err(LOGO_TOO_BIG)
        );
        // A GIF header, base64 garbage, and a truncated PNG.
        assert_eq!(
            check_png(&STANDARD.encode(b"GIF89a...."), 256, LOGO_TOO_BIG),
            Err(NOT_PNG)
        );
        assert_eq!(check_png("%%%", 256, LOGO_TOO_BIG), Err(NOT_PNG));
        let truncated = STANDARD.encode(&STANDARD.decode(png(32, 32)).unwrap()[..60]);
        assert_eq!(check_png(&truncated, 256, LOGO_TOO_BIG), Err(NOT_PNG));
    }
}
