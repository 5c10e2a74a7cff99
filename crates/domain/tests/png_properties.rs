//! Property tests of the image check (issue #18): whatever bytes or text come as a logo or a
//! photo, `images::check_png` answers (the image, "Only PNG images are allowed." or the size
//! message), never panics, and answers the same every time; real PNGs of the allowed size
//! pass, whatever their colour type and bit depth, and a PNG whose header is damaged does not.
//! What passes is stored without its metadata chunks, and stored passes again unchanged.

// A failed unwrap is how a test reports a broken expectation.
#![allow(clippy::unwrap_used)]

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use polodesk_domain::images::{
    LOGO_MAX_SIDE, LOGO_TOO_BIG, NOT_PNG, PHOTO_MAX_SIDE, PHOTO_TOO_BIG, check_png, png_bytes,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Decoding is the costly part: a few hundred small images take a couple of seconds in debug.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    }
}

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// The colour types and the bit depths each allows (PNG §11.2.2).
const FORMATS: &[(png::ColorType, &[png::BitDepth])] = {
    use png::BitDepth::{Eight, Four, One, Sixteen, Two};
    &[
        (png::ColorType::Grayscale, &[One, Two, Four, Eight, Sixteen]),
        (png::ColorType::Rgb, &[Eight, Sixteen]),
        (png::ColorType::Indexed, &[One, Two, Four, Eight]),
        (png::ColorType::GrayscaleAlpha, &[Eight, Sixteen]),
        (png::ColorType::Rgba, &[Eight, Sixteen]),
    ]
};

/// A real PNG of `width`×`height` in the format `format` (an index into [`FORMATS`] and its
/// depths), its pixels from `seed`.
fn encode(width: u32, height: u32, format: (usize, usize), seed: u8) -> Vec<u8> {
    let (color, depths) = FORMATS[format.0 % FORMATS.len()];
    let depth = depths[format.1 % depths.len()];
    let bits = depth as usize * color.samples();
    let row = (width as usize * bits).div_ceil(8);
    let data: Vec<u8> = (0..row * height as usize)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect();
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        if color == png::ColorType::Indexed {
            let entries = 1usize << (depth as usize);
            encoder.set_palette((0..entries * 3).map(|i| i as u8).collect::<Vec<u8>>());
        }
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&data).unwrap();
    }
    bytes
}

fn format() -> impl Strategy<Value = (usize, usize)> {
    (0..FORMATS.len(), 0usize..5)
}

/// What `check_png` answers, less the image it keeps.
type Checked = Result<(), &'static str>;

/// Every answer is one of the three the check gives, and the same the second time; the image
/// kept passes the check again as it is.
fn checked(base64: &str, max_side: u32, too_big: &'static str) -> Result<Checked, TestCaseError> {
    let kept = check_png(base64, max_side, too_big);
    prop_assert_eq!(
        &kept,
        &check_png(base64, max_side, too_big),
        "not deterministic"
    );
    if let Ok(image) = &kept {
        prop_assert_eq!(check_png(image, max_side, too_big), Ok(image.clone()));
    }
    let first = kept.map(|_| ());
    prop_assert!(
        matches!(first, Ok(()) | Err(NOT_PNG)) || first == Err(too_big),
        "{first:?}"
    );
    Ok(first)
}

/// The checks of a logo and of a photo, as the forms run them.
fn both(base64: &str) -> Result<(Checked, Checked), TestCaseError> {
    let logo = checked(base64, LOGO_MAX_SIDE, LOGO_TOO_BIG)?;
    let photo = checked(base64, PHOTO_MAX_SIDE, PHOTO_TOO_BIG)?;
    // A logo that passes is a photo that passes, a file that is no PNG is neither, and a
    // photo that passes is a logo or a logo too big (the size is read before the pixels).
    if logo.is_ok() {
        prop_assert_eq!(photo, Ok(()));
    }
    if logo == Err(NOT_PNG) {
        prop_assert_eq!(photo, Err(NOT_PNG));
    }
    if photo.is_ok() {
        prop_assert!(logo.is_ok() || logo == Err(LOGO_TOO_BIG), "{logo:?}");
    }
    Ok((logo, photo))
}

/// The CRC-32 of PNG chunks (ISO 3309), to make chunks the decoder reads past its checksum.
fn crc32(parts: &[&[u8]]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for byte in parts.iter().flat_map(|p| p.iter()) {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc32(&[kind, data]).to_be_bytes());
}

/// What a damaged file went through.
#[derive(Debug, Clone)]
enum Damage {
    /// XOR these bytes in at these offsets (taken modulo the length).
    Flip(Vec<(usize, u8)>),
    /// Keep this many bytes (modulo the length).
    Truncate(usize),
    /// Add these bytes at the end.
    Append(Vec<u8>),
    /// Put these bytes at an offset (modulo the length).
    Insert(usize, Vec<u8>),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        proptest::collection::vec((any::<usize>(), 1u8..=255), 1..6).prop_map(Damage::Flip),
        any::<usize>().prop_map(Damage::Truncate),
        proptest::collection::vec(any::<u8>(), 1..64).prop_map(Damage::Append),
        (
            any::<usize>(),
            proptest::collection::vec(any::<u8>(), 1..16)
        )
            .prop_map(|(at, bytes)| Damage::Insert(at, bytes)),
    ]
}

fn damaged(mut bytes: Vec<u8>, damage: &Damage) -> Vec<u8> {
    let len = bytes.len();
    match damage {
        Damage::Flip(flips) => {
            for (at, mask) in flips {
                bytes[at % len] ^= mask;
            }
        }
        Damage::Truncate(keep) => bytes.truncate(keep % len),
        Damage::Append(more) => bytes.extend_from_slice(more),
        Damage::Insert(at, more) => {
            let at = at % len;
            bytes.splice(at..at, more.iter().copied());
        }
    }
    bytes
}

proptest! {
    #![proptest_config(config())]

    /// Any bytes at all, sent as base64 or as a data URL.
    #[test]
    fn any_bytes_get_an_answer(bytes in proptest::collection::vec(any::<u8>(), 0..512),
        signed in any::<bool>()) {
        // Half of them start as a PNG does, so the decoder reads further than the signature.
        let mut bytes = bytes;
        if signed {
            bytes.splice(0..0, SIGNATURE);
        }
        let encoded = STANDARD.encode(&bytes);
        prop_assert_eq!(png_bytes(&encoded), Some(bytes.clone()));
        let (logo, _) = both(&encoded)?;
        let url = format!("data:image/png;base64,{encoded}");
        prop_assert_eq!(both(&url)?.0, logo);
        if !bytes.starts_with(&SIGNATURE) {
            prop_assert_eq!(logo, Err(NOT_PNG));
        }
    }

    /// Any text, base64 or not: broken padding, other alphabets, data URLs of other types,
    /// whitespace, non-ASCII.
    #[test]
    fn any_text_gets_an_answer(text in prop_oneof![
        ".{0,200}",
        "[A-Za-z0-9+/=]{0,200}",
        "[A-Za-z0-9_=-]{0,200}",
        "data:[a-z/]{0,20};base64,[A-Za-z0-9+/= \n]{0,100}",
        "iVBORw0KGgo[A-Za-z0-9+/]{0,200}={0,3}",
    ]) {
        let (logo, _) = both(&text)?;
        if png_bytes(&text).is_none_or(|bytes| !bytes.starts_with(&SIGNATURE)) {
            prop_assert_eq!(logo, Err(NOT_PNG));
        }
    }

    /// Real PNGs of every colour type and depth pass while no side is over the limit and are
    /// too big once one is; the data URL a browser sends answers as the bare base64 does.
    #[test]
    fn a_real_png_passes_exactly_when_small_enough(width in prop_oneof![1u32..=16, 250u32..=262],
        height in 1u32..=16, format in format(), seed in any::<u8>(), tall in any::<bool>()) {
        let (width, height) = if tall { (height, width) } else { (width, height) };
        let encoded = STANDARD.encode(encode(width, height, format, seed));
        let (logo, photo) = both(&encoded)?;
        prop_assert_eq!(photo, Ok(()));
        if width.max(height) <= LOGO_MAX_SIDE {
            prop_assert_eq!(logo, Ok(()));
        } else {
            prop_assert_eq!(logo, Err(LOGO_TOO_BIG));
        }
        let url = format!("data:image/png;base64,{encoded}");
        prop_assert_eq!(both(&url)?, (logo, photo));
        let padded = format!("  {encoded}\n");
        prop_assert_eq!(both(&padded)?, (logo, photo));
    }

    /// A real PNG flipped, cut, lengthened or with bytes put in: an answer, never a panic; a
    /// damaged signature or a file cut inside its header is not a PNG, and bytes after the
    /// end of the image change nothing.
    #[test]
    fn a_damaged_png_gets_an_answer(width in 1u32..=24, height in 1u32..=24, format in format(),
        seed in any::<u8>(), damage in damage()) {
        let original = encode(width, height, format, seed);
        let bytes = damaged(original.clone(), &damage);
        let (logo, _) = both(&STANDARD.encode(&bytes))?;
        match &damage {
            Damage::Flip(flips) if flips.iter().any(|(at, _)| at % original.len() < 8) => {
                prop_assert_eq!(logo, Err(NOT_PNG), "a broken signature");
            }
            // The signature and the IHDR chunk (with its CRC) are the first 33 bytes.
            Damage::Truncate(keep) if keep % original.len() < 33 => {
                prop_assert_eq!(logo, Err(NOT_PNG), "cut inside the header");
            }
            Damage::Append(_) => prop_assert_eq!(logo, Ok(()), "bytes after IEND"),
            _ => {}
        }
    }

    /// Text, time, EXIF, physical size and private chunks before and after the pixels are not
    /// kept; a chunk that changes how the pixels look (gAMA) is. What is kept is the image as
    /// the encoder wrote it, with that chunk in its place.
    #[test]
    fn metadata_is_not_kept(width in 1u32..=16, height in 1u32..=16, format in format(),
        seed in any::<u8>(), text in "[A-Za-z0-9 ]{0,40}",
        exif in proptest::collection::vec(any::<u8>(), 0..64)) {
        let original = encode(width, height, format, seed);
        // The signature and IHDR are the first 33 bytes, IEND the last 12.
        let (head, rest) = original.split_at(33);
        let (pixels, end) = rest.split_at(rest.len() - 12);
        let mut gamma = Vec::new();
        chunk(&mut gamma, b"gAMA", &45_455u32.to_be_bytes());
        let mut sent = head.to_vec();
        chunk(&mut sent, b"tEXt", format!("Author\0{text}").as_bytes());
        chunk(&mut sent, b"eXIf", &exif);
        chunk(&mut sent, b"tIME", &[7, 234, 11, 28, 10, 0, 0]);
        sent.extend_from_slice(&gamma);
        chunk(&mut sent, b"pHYs", &[0, 0, 11, 19, 0, 0, 11, 19, 1]);
        chunk(&mut sent, b"prVt", &exif);
        sent.extend_from_slice(pixels);
        chunk(&mut sent, b"tEXt", format!("Comment\0{text}").as_bytes());
        sent.extend_from_slice(end);
        let kept = [head, &gamma, pixels, end].concat();
        prop_assert_eq!(
            check_png(&STANDARD.encode(&sent), PHOTO_MAX_SIDE, PHOTO_TOO_BIG),
            Ok(STANDARD.encode(&kept))
        );
        let url = format!("data:image/png;base64,{}", STANDARD.encode(&sent));
        prop_assert_eq!(
            check_png(&url, LOGO_MAX_SIDE, LOGO_TOO_BIG),
            Ok(format!("data:image/png;base64,{}", STANDARD.encode(&kept)))
        );
    }

    /// A header claiming any size, depth, colour type, compression, filter or interlace, with
    /// a valid checksum and pixel data too short, too long or absent: an answer, never a panic,
    /// and never a pass for a side over the limit.
    #[test]
    fn any_header_gets_an_answer(width in prop_oneof![0u32..=300, any::<u32>()],
        height in prop_oneof![0u32..=300, any::<u32>()],
        fields in proptest::collection::vec(any::<u8>(), 5),
        known in any::<bool>(),
        data in proptest::collection::vec(any::<u8>(), 0..256),
        compress in any::<bool>()) {
        let mut header = Vec::new();
        header.extend_from_slice(&width.to_be_bytes());
        header.extend_from_slice(&height.to_be_bytes());
        let mut fields = fields;
        if known {
            // A depth and colour type that exist, so the decoder goes on to the pixels.
            fields[0] = [1, 2, 4, 8, 16][usize::from(fields[0]) % 5];
            fields[1] = [0, 2, 3, 4, 6][usize::from(fields[1]) % 5];
            fields[2] = 0;
            fields[3] = 0;
            fields[4] %= 2;
        }
        header.extend_from_slice(&fields);
        let mut bytes = SIGNATURE.to_vec();
        chunk(&mut bytes, b"IHDR", &header);
        if fields[1] == 3 {
            chunk(&mut bytes, b"PLTE", &[0; 768]);
        }
        let idat = if compress { zlib_stored(&data) } else { data.clone() };
        chunk(&mut bytes, b"IDAT", &idat);
        chunk(&mut bytes, b"IEND", &[]);
        let encoded = STANDARD.encode(&bytes);
        let (logo, photo) = both(&encoded)?;
        if width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE {
            prop_assert!(logo.is_err());
        }
        if width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE {
            prop_assert!(photo.is_err());
        }
        if width == 0 || height == 0 {
            prop_assert_eq!(logo, Err(NOT_PNG), "an empty image");
        }
    }
}

/// `data` as a zlib stream of stored (uncompressed) blocks, so random pixel bytes get past
/// the inflater.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = if data.is_empty() {
        vec![&[]]
    } else {
        data.chunks(65_535).collect()
    };
    for (i, block) in blocks.iter().enumerate() {
        out.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    // Adler-32 of the data.
    let (mut a, mut b) = (1u32, 0u32);
    for byte in data {
        a = (a + u32::from(*byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

/// The smallest PNG there is passes as a logo and as a photo.
#[test]
fn a_one_pixel_png_passes() {
    let encoded = STANDARD.encode(encode(1, 1, (4, 0), 0));
    assert_eq!(
        check_png(&encoded, LOGO_MAX_SIDE, LOGO_TOO_BIG),
        Ok(encoded.clone())
    );
    assert_eq!(
        check_png(&encoded, PHOTO_MAX_SIDE, PHOTO_TOO_BIG),
        Ok(encoded.clone())
    );
}

/// A header with a valid checksum and a fitting stream of stored blocks decodes: the crafted
/// files of `any_header_gets_an_answer` reach the pixels.
#[test]
fn a_crafted_png_with_stored_blocks_passes() {
    let mut header = Vec::new();
    header.extend_from_slice(&2u32.to_be_bytes());
    header.extend_from_slice(&2u32.to_be_bytes());
    header.extend_from_slice(&[8, 0, 0, 0, 0]);
    let mut bytes = SIGNATURE.to_vec();
    chunk(&mut bytes, b"IHDR", &header);
    // Two rows: a filter byte (none) and two grey pixels each.
    chunk(&mut bytes, b"IDAT", &zlib_stored(&[0, 10, 20, 0, 30, 40]));
    chunk(&mut bytes, b"IEND", &[]);
    let encoded = STANDARD.encode(&bytes);
    assert_eq!(
        check_png(&encoded, LOGO_MAX_SIDE, LOGO_TOO_BIG),
        Ok(encoded.clone())
    );
}
