//! The data files dicelab ships, gathered from their owners.

use crate::claims;
use crate::games;
use crate::input::{Files, Shipped};

/// Every data file compiled into dicelab, by path: the claims' file and each game's own (its
/// policy table, deck or weights). A path `data/NAME` with nothing there reads these.
pub fn data_files() -> Vec<Shipped> {
    let mut files: Vec<Shipped> = [&claims::DATA[..], &games::data_files()].concat();
    files.sort_by_key(|f| f.path);
    files
}

/// A fresh record of the files a request reads: the disk, and the shipped copies where a path
/// names one with nothing there.
pub fn files() -> Files {
    Files::serving(data_files())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each shipped copy is the repository's file byte for byte, listed once, by path.
    #[test]
    fn every_shipped_copy_is_the_file_the_docs_name() {
        let files = data_files();
        assert_eq!(files.len(), 6);
        for pair in files.windows(2) {
            assert!(pair[0].path < pair[1].path);
        }
        for file in &files {
            let on_disk = std::fs::read_to_string(file.path).unwrap();
            assert_eq!(file.text, on_disk, "{}", file.path);
        }
    }
}
