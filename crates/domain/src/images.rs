//! Logos and photos travel as base64 PNG (spec 01 §5, §9). They are checked by decoding, never
//! by a name or a claimed type.

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

/// Checks a base64 PNG no larger than `max_side` on either side; `Err` holds the message.
pub fn check_png(base64: &str, max_side: u32, too_big: &'static str) -> Result<(), &'static str> {
    let bytes = png_bytes(base64).ok_or(NOT_PNG)?;
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().map_err(|_| NOT_PNG)?;
    let info = reader.info();
    if info.width > max_side || info.height > max_side {
        return Err(too_big);
    }
    let mut frame = vec![0; reader.output_buffer_size().ok_or(NOT_PNG)?];
    reader.next_frame(&mut frame).map_err(|_| NOT_PNG)?;
    Ok(())
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
        assert_eq!(
            check_png(&png(256, 200), LOGO_MAX_SIDE, LOGO_TOO_BIG),
            Ok(())
        );
        let data_url = format!("data:image/png;base64,{}", png(16, 16));
        assert_eq!(check_png(&data_url, LOGO_MAX_SIDE, LOGO_TOO_BIG), Ok(()));
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
