//! Reading an import file into the rows the API takes, each with the line it starts on, so
//! the server's `rows[i].field` messages can name the file's line.

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::Kind;
use super::columns::{self, Cell, Column};

/// The rows of a file, each the body of a create call, and the line each starts on.
#[derive(Debug, Default)]
pub struct Rows {
    pub rows: Vec<Value>,
    pub lines: Vec<u64>,
}

/// Why a file cannot be read: the line to blame (when there is one) and what is wrong.
#[derive(Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub line: Option<u64>,
    pub message: String,
}

fn at(line: u64, message: impl Into<String>) -> Unreadable {
    Unreadable {
        line: Some(line),
        message: message.into(),
    }
}

/// A JSON array of create bodies; each row's line is where its element starts.
pub fn json(text: &str) -> Result<Rows, Unreadable> {
    let elements: Vec<&RawValue> = serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        // serde_json appends " at line L column C"; the line goes in front instead.
        let message = message
            .split(" at line ")
            .next()
            .unwrap_or(&message)
            .to_owned();
        let message = if message.starts_with("invalid type") {
            format!("the file must hold a JSON array of rows ({message})")
        } else {
            message
        };
        at(e.line() as u64, message)
    })?;
    let starts = line_starts(text);
    let mut rows = Rows::default();
    for element in elements {
        let offset = element.get().as_ptr() as usize - text.as_ptr() as usize;
        let line = starts.partition_point(|&start| start <= offset) as u64;
        let value: Value =
            serde_json::from_str(element.get()).map_err(|e| at(line, e.to_string()))?;
        rows.rows.push(value);
        rows.lines.push(line);
    }
    Ok(rows)
}

/// The byte offsets where each line starts.
fn line_starts(text: &str) -> Vec<usize> {
    line_starts_of(text.as_bytes())
}

fn line_starts_of(bytes: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect()
}

/// A CSV file with a header row of column names (see `columns`): empty cells are left out.
pub fn csv(kind: Kind, bytes: &[u8]) -> Result<Rows, Unreadable> {
    let known = columns::of(kind);
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let headers = reader.headers().map_err(csv_error)?.clone();
    let mut header: Vec<Column> = Vec::with_capacity(headers.len());
    for name in &headers {
        let name = name.trim_start_matches('\u{feff}');
        let Some(column) = known.iter().find(|c| c.name == name) else {
            let names: Vec<&str> = known.iter().map(|c| c.name).collect();
            return Err(at(
                1,
                format!(
                    "unknown column `{name}`; the columns of {} are {}",
                    kind.name(),
                    names.join(", ")
                ),
            ));
        };
        if header.iter().any(|c| c.name == column.name) {
            return Err(at(1, format!("the column `{name}` is there twice")));
        }
        header.push(*column);
    }
    let starts = line_starts_of(bytes);
    let mut rows = Rows::default();
    let mut record = csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(error) => return Err(csv_error(error)),
        }
        // The reader's position may lie before blank lines it skipped: start at the record.
        let mut offset = record.position().map_or(0, |p| p.byte() as usize);
        while bytes
            .get(offset)
            .is_some_and(|b| matches!(b, b'\r' | b'\n'))
        {
            offset += 1;
        }
        let line = starts.partition_point(|&start| start <= offset) as u64;
        let mut row = Map::new();
        for (column, cell) in header.iter().zip(record.iter()) {
            if cell.is_empty() {
                continue;
            }
            let value = typed(column, cell).map_err(|message| at(line, message))?;
            insert(&mut row, column.path, value);
        }
        rows.rows.push(Value::Object(row));
        rows.lines.push(line);
    }
    Ok(rows)
}

fn csv_error(error: csv::Error) -> Unreadable {
    let line = error.position().map(csv::Position::line);
    let message = match error.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("this row has {len} cells; the header has {expected_len}"),
        csv::ErrorKind::Utf8 { .. } => "the file is not UTF-8 text".to_owned(),
        _ => error.to_string(),
    };
    Unreadable { line, message }
}

/// A cell as the JSON value its column takes.
fn typed(column: &Column, cell: &str) -> Result<Value, String> {
    let number = |text: &str| {
        text.trim().parse::<u64>().map(Value::from).map_err(|_| {
            format!(
                "{}: expected a whole number, found `{}`",
                column.name,
                text.trim()
            )
        })
    };
    match column.cell {
        Cell::Text => Ok(Value::from(cell)),
        Cell::Number => number(cell),
        Cell::Bool => match cell.to_ascii_lowercase().as_str() {
            "true" | "yes" | "1" => Ok(Value::Bool(true)),
            "false" | "no" | "0" => Ok(Value::Bool(false)),
            _ => Err(format!(
                "{}: expected true or false, found `{cell}`",
                column.name
            )),
        },
        Cell::Numbers => cell
            .split(';')
            .filter(|part| !part.trim().is_empty())
            .map(number)
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
    }
}

/// Puts `value` at a dotted path, making the objects and one-element lists on the way.
fn insert(row: &mut Map<String, Value>, path: &str, value: Value) {
    let mut parts = path.split('.').peekable();
    let mut here = row;
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            here.insert(part.to_owned(), value);
            return;
        }
        // A list of one object (`clubs.0.clubId`) or an object (`person.name`).
        let list = parts
            .peek()
            .is_some_and(|next| next.parse::<usize>().is_ok());
        if list {
            parts.next();
            let entry = here
                .entry(part.to_owned())
                .or_insert_with(|| Value::Array(vec![Value::Object(Map::new())]));
            here = match entry {
                Value::Array(items) => match items.first_mut() {
                    Some(Value::Object(object)) => object,
                    _ => return,
                },
                _ => return,
            };
        } else {
            let entry = here
                .entry(part.to_owned())
                .or_insert_with(|| Value::Object(Map::new()));
            here = match entry {
                Value::Object(object) => object,
                _ => return,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn csv_rows_become_create_bodies_with_their_lines() {
        let text = "name,surname,birthDate,clubId,teamId,positionId,capNumber,dominantHand\n\
                    Ana,Kovač,2001-02-03,1,,,,L\n\
                    \n\
                    \"Iva, Marija\",Horvat,2002-03-04,,5,401,7,\n";
        let rows = csv(Kind::Players, text.as_bytes()).unwrap();
        assert_eq!(rows.lines, [2, 4]);
        assert_eq!(
            rows.rows[0],
            json!({"person": {"name": "Ana", "surname": "Kovač", "birthDate": "2001-02-03"},
                "clubs": [{"clubId": 1}], "dominantHand": "L"})
        );
        assert_eq!(
            rows.rows[1],
            json!({"person": {"name": "Iva, Marija", "surname": "Horvat",
                "birthDate": "2002-03-04"},
                "teams": [{"teamId": 5, "positionId": 401, "capNumber": 7}]})
        );
    }

    #[test]
    fn csv_problems_name_their_line() {
        let unknown = csv(Kind::Clubs, b"name,colour\nVK,blue\n").unwrap_err();
        assert_eq!(unknown.line, Some(1));
        assert!(
            unknown.message.starts_with(
                "unknown column `colour`; the columns of clubs are name, nameUniversal"
            )
        );
        let short = csv(Kind::Clubs, b"name,nameUniversal\nVK,VK\nVK\n").unwrap_err();
        assert_eq!(short, at(3, "this row has 1 cells; the header has 2"));
        let number = csv(Kind::Teams, b"name,clubId\nT,one\n").unwrap_err();
        assert_eq!(
            number,
            at(2, "clubId: expected a whole number, found `one`")
        );
        let flag = csv(Kind::Clubs, b"name,isPro\nVK,maybe\n").unwrap_err();
        assert_eq!(flag, at(2, "isPro: expected true or false, found `maybe`"));
        let lists = csv(Kind::Officials, b"name,roles\nAna,600; 601\n").unwrap();
        assert_eq!(lists.rows[0]["federations"][0]["roles"], json!([600, 601]));
    }

    #[test]
    fn json_rows_keep_the_line_each_starts_on() {
        let text =
            "[\n  {\"name\": \"A\"},\n\n  {\n    \"name\": \"B\"\n  }, {\"name\": \"C\"}\n]\n";
        let rows = json(text).unwrap();
        assert_eq!(rows.lines, [2, 4, 6]);
        assert_eq!(rows.rows[2], json!({"name": "C"}));
        let broken = json("[\n {\"name\": \"A\"},\n {\"name\" \"B\"}\n]").unwrap_err();
        assert_eq!(broken.line, Some(3));
        assert_eq!(broken.message, "expected `:`");
        let object = json("{\"name\": \"A\"}").unwrap_err();
        assert!(
            object
                .message
                .starts_with("the file must hold a JSON array"),
            "{}",
            object.message
        );
    }
}
