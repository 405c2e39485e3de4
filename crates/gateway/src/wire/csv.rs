//! The one CSV writer: every file of rows the product hands out goes through it. A spreadsheet
//! runs a cell that begins with `=`, `+`, `-` or `@` (and, in some, a tab or carriage return) as
//! a formula, so a name or a reference someone typed could run one on an admin's machine; such a
//! cell is written with a leading `'` (OWASP's rule), which spreadsheets show as text. A plain
//! number (`-250000`) is no formula and stays a number a spreadsheet adds up.

use std::borrow::Cow;

const BOM: &str = "\u{feff}";

/// Rows written to memory; `finish` gives the file's text, or `take` its pieces as they come.
pub(crate) struct CsvFile {
    out: csv::Writer<Vec<u8>>,
    /// Whether the byte-order mark went out with an earlier `take`.
    marked: bool,
}

impl CsvFile {
    pub(crate) fn new() -> Self {
        Self {
            out: csv::Writer::from_writer(Vec::new()),
            marked: false,
        }
    }

    /// One row, each cell neutralised. Rows of different lengths are the caller's to avoid: the
    /// writer refuses one, and it is left out rather than written short.
    pub(crate) fn row<S: AsRef<str>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let cells: Vec<String> = cells
            .into_iter()
            .map(|c| neutralised(c.as_ref()).into_owned())
            .collect();
        if let Err(e) = self.out.write_record(&cells) {
            tracing::warn!(error = %e, "a CSV row left out");
        }
    }

    /// The text, after a byte-order mark so that spreadsheets read Vietnamese and Chinese
    /// letters as UTF-8.
    pub(crate) fn finish(mut self) -> String {
        String::from_utf8_lossy(&self.take()).into_owned()
    }

    /// The bytes written since the last `take`, the first time after the byte-order mark: a
    /// long file goes out in pieces and is never whole in memory.
    pub(crate) fn take(&mut self) -> Vec<u8> {
        let out = std::mem::replace(&mut self.out, csv::Writer::from_writer(Vec::new()));
        let bytes = out.into_inner().unwrap_or_default();
        if std::mem::replace(&mut self.marked, true) {
            bytes
        } else {
            [BOM.as_bytes(), &bytes].concat()
        }
    }
}

/// `cell` as a spreadsheet will not run it.
pub(crate) fn neutralised(cell: &str) -> Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && !is_plain_number(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// `-12`, `-12.5`: a negative figure, which a spreadsheet reads as a number and nothing else.
fn is_plain_number(cell: &str) -> bool {
    let digits = cell.strip_prefix('-').unwrap_or(cell);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !fraction.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_written_as_text_and_read_back_so() {
        let hostile = [
            "=1+2",
            "=HYPERLINK(\"http://x.example\",\"click\")",
            "+SUM(A1:A9)",
            "-2+3+cmd|' /C calc'!A0",
            "@SUM(1,2)",
            "\t=1",
            "\r=1",
            "-",
        ];
        let fine = [
            "Minh", "-250000", "1200000", "-12.5", "a=b", " =1", "", "VCB 1",
        ];
        let mut file = CsvFile::new();
        file.row(hostile);
        file.row(fine);
        let text = file.finish();
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.trim_start_matches('\u{feff}').as_bytes());
        let rows: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect();
        assert_eq!(rows.len(), 2);
        for (read, written) in rows[0].iter().zip(hostile) {
            assert_eq!(read, &format!("'{written}"));
        }
        for (read, written) in rows[1].iter().zip(fine) {
            assert_eq!(read, written);
        }
        for cell in rows.concat() {
            assert!(
                !cell.starts_with(['=', '+', '@', '\t', '\r'])
                    && (!cell.starts_with('-') || is_plain_number(&cell)),
                "{cell:?}"
            );
        }
    }
}
