//! Which dice a roll's removal takes, in words, for `play`: "removed 3+4, 6+1; kept 3 2 = 5".
//!
//! The game itself only needs what a roll keeps (how many dice and their sum, [`Kept`]); a
//! person at the table wants to see which dice went. Under `removal=pairs` the pairs go in the
//! order the roll shows them; under `removal=subsets` a kept option can often be reached more
//! than one way, and the words show the first: pairs before larger sets, each set's dice in
//! the roll's order.

use super::rules::{Kept, Removal, Rules};

/// The groups of dice the removal takes from `faces` to keep `kept`, each group's faces in the
/// roll's order, and the faces kept; `None` if no way of removing keeps it.
pub(super) fn removed(rules: &Rules, faces: &[u8], kept: Kept) -> Option<(Vec<Vec<u8>>, Vec<u8>)> {
    let all = (1u32 << faces.len()) - 1;
    let mut groups = Vec::new();
    let left = search(rules, faces, all, kept, &mut groups)?;
    let kept_faces = (0..faces.len())
        .filter(|&i| left & (1 << i) != 0)
        .map(|i| faces[i])
        .collect();
    let groups = groups
        .iter()
        .map(|&g| {
            (0..faces.len())
                .filter(|&i| g & (1 << i) != 0)
                .map(|i| faces[i])
                .collect()
        })
        .collect();
    Some((groups, kept_faces))
}

/// Removes groups from the dice `left` (a mask of `faces`) until none can go, pushing each
/// group's mask on `groups`; the dice left at the end, where they are `kept`.
fn search(
    rules: &Rules,
    faces: &[u8],
    left: u32,
    kept: Kept,
    groups: &mut Vec<u32>,
) -> Option<u32> {
    let removable = removable_groups(rules, faces, left);
    if removable.is_empty() {
        let dice = left.count_ones();
        let sum: u32 = (0..faces.len())
            .filter(|&i| left & (1 << i) != 0)
            .map(|i| u32::from(faces[i]))
            .sum();
        return (dice == u32::from(kept.dice) && sum == u32::from(kept.sum)).then_some(left);
    }
    for group in removable {
        groups.push(group);
        if let Some(end) = search(rules, faces, left & !group, kept, groups) {
            return Some(end);
        }
        groups.pop();
    }
    None
}

/// The groups that may go from the dice `left`: sets adding up to the removed sum, pairs only
/// under `removal=pairs`; smaller sets first, then by the roll's order.
fn removable_groups(rules: &Rules, faces: &[u8], left: u32) -> Vec<u32> {
    let largest = match rules.removal {
        Removal::Pairs => 2,
        Removal::Subsets => left.count_ones(),
    };
    let mut groups: Vec<u32> = (1..=left)
        .filter(|&g| g & !left == 0)
        .filter(|g| (2..=largest).contains(&g.count_ones()))
        .filter(|&g| {
            let sum: u32 = (0..faces.len())
                .filter(|&i| g & (1 << i) != 0)
                .map(|i| u32::from(faces[i]))
                .sum();
            sum == u32::from(rules.removed_sum)
        })
        .collect();
    // By size, then by the dice they hold in the roll's order (the lowest positions first).
    groups.sort_by_key(|&g| (g.count_ones(), std::cmp::Reverse(g.reverse_bits())));
    groups
}

/// Faces written as the table shows them: `3 2`.
fn faces_text(faces: &[u8]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the removal did to `faces` to keep `kept`, in words: "removed 3+4, 6+1; kept 3 2 =
/// 5", "nothing adds up to 7: kept 6 6 5 = 17", or "removed 3+4, 2+5, 6+1: nothing kept".
pub(super) fn words(rules: &Rules, faces: &[u8], kept: Kept) -> String {
    let Some((groups, kept_faces)) = removed(rules, faces, kept) else {
        return format!("kept {} dice summing {}", kept.dice, kept.sum);
    };
    let kept_text = format!("{} = {}", faces_text(&kept_faces), kept.sum);
    if groups.is_empty() {
        return format!("nothing adds up to {}: kept {kept_text}", rules.removed_sum);
    }
    let removed = groups
        .iter()
        .map(|g| g.iter().map(u8::to_string).collect::<Vec<_>>().join("+"))
        .collect::<Vec<_>>()
        .join(", ");
    if kept_faces.is_empty() {
        format!("removed {removed}: nothing kept")
    } else {
        format!("removed {removed}; kept {kept_text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(removal: Removal) -> Rules {
        Rules {
            removal,
            ..Rules::default()
        }
    }

    fn kept(dice: u8, sum: u8) -> Kept {
        Kept { dice, sum }
    }

    /// The example and the rule texts' worked examples, as `play` says them.
    #[test]
    fn the_words_name_the_pairs_removed_and_the_dice_kept() {
        let pairs = rules(Removal::Pairs);
        assert_eq!(
            words(&pairs, &[3, 4, 6, 1, 3, 2], kept(2, 5)),
            "removed 3+4, 6+1; kept 3 2 = 5"
        );
        // Text 000: 6,2,1,1,1,2 keeps 2,2,1,1 = 6; then 6,1,6,6 keeps 6,6 = 12.
        assert_eq!(
            words(&pairs, &[6, 2, 1, 1, 1, 2], kept(4, 6)),
            "removed 6+1; kept 2 1 1 2 = 6"
        );
        assert_eq!(
            words(&pairs, &[6, 1, 6, 6], kept(2, 12)),
            "removed 6+1; kept 6 6 = 12"
        );
        // Text 001: 1,2,4,6,3,3 keeps 2,3 = 5.
        assert_eq!(
            words(&pairs, &[1, 2, 4, 6, 3, 3], kept(2, 5)),
            "removed 1+6, 4+3; kept 2 3 = 5"
        );
        assert_eq!(
            words(&pairs, &[6, 6, 5], kept(3, 17)),
            "nothing adds up to 7: kept 6 6 5 = 17"
        );
        assert_eq!(
            words(&pairs, &[3, 4, 2, 5, 6, 1], kept(0, 0)),
            "removed 3+4, 2+5, 6+1: nothing kept"
        );
    }

    /// Under subsets each kept option names a way to reach it, and sets of three or more dice
    /// go as well as pairs.
    #[test]
    fn under_subsets_each_option_names_its_sets() {
        let subsets = rules(Removal::Subsets);
        let roll = [1, 2, 4, 6, 3, 3];
        assert_eq!(
            words(&subsets, &roll, kept(3, 12)),
            "removed 1+2+4; kept 6 3 3 = 12"
        );
        assert_eq!(
            words(&subsets, &roll, kept(2, 5)),
            "removed 1+6, 4+3; kept 2 3 = 5"
        );
        assert_eq!(
            words(&subsets, &[1, 1, 5], kept(0, 0)),
            "removed 1+1+5: nothing kept"
        );
        // Every option the game lists for a roll can be said.
        let mut remover = super::super::rules::Remover::new(Removal::Subsets);
        for roll in [[1, 1, 1, 2, 2, 6], [1, 1, 5, 5, 3, 3], [2, 2, 3, 6, 4, 1]] {
            let mut counts = [0u8; 6];
            for f in roll {
                counts[usize::from(f - 1)] += 1;
            }
            for option in remover.options(counts) {
                let (groups, faces) = removed(&subsets, &roll, option).expect("reachable");
                assert!(groups.iter().all(|g| g.iter().sum::<u8>() == 7), "{roll:?}");
                assert_eq!(faces.iter().sum::<u8>(), option.sum, "{roll:?}");
            }
        }
    }

    /// Another removed sum (a house rule) is named in the words.
    #[test]
    fn another_removed_sum_is_named() {
        let eight = Rules {
            removed_sum: 8,
            ..Rules::default()
        };
        assert_eq!(
            words(&eight, &[2, 6, 5], kept(1, 5)),
            "removed 2+6; kept 5 = 5"
        );
        assert_eq!(
            words(&eight, &[1, 1, 5], kept(3, 7)),
            "nothing adds up to 8: kept 1 1 5 = 7"
        );
    }
}
