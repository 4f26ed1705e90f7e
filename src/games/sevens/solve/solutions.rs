//! Everything a Sevens policy is compiled against, solved once per run: the rules, the roll
//! outcomes, the optimal solution for every number of rolls a turn may be allowed, and (only
//! when a policy or `solve` asks for them) the leader's dilemma and the whole two- and
//! three-player games. It keeps the solutions; the solving is done by the solvers it calls,
//! [`exact`](super::exact), `dilemma`, [`game`](super::game) and
//! [`game3`](super::game3).

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::error::{Error, Result, Setting};

use super::super::rolls::RollOutcomes;
use super::super::rules::Rules;
use super::super::win::{Solved, Win};
use super::dilemma::{Dilemma, solve_dilemma};
use super::exact::{Solution, solve};
use super::game::{GameSolution, MEMORY_LIMIT, SharedGame};
use super::game3::{Game3, SharedGame3};
use super::parts::Holding;

/// The solutions of one rule set and player count, each solved once (the costly ones on first
/// use) and shared by every policy compiled against them.
#[derive(Clone, Debug)]
pub struct Solutions {
    /// The rule set.
    pub rules: Rules,
    /// Players in a game (1 for single turns); the leader's dilemma depends on it.
    pub players: u32,
    /// What every roll can leave.
    pub outcomes: RollOutcomes,
    /// `optimal[allowed - 1]`: the expected-score optimum with `allowed` rolls (followers may be
    /// allowed fewer than `max_rolls`).
    optimal: Vec<Solution>,
    /// Solved on first use: it takes milliseconds, which single-turn runs need not pay.
    dilemma: OnceLock<Dilemma>,
    /// Held while the whole game is solved, so a second asker waits for the first's solution
    /// rather than solving it beside it (twice the time and the memory).
    solving: Arc<Mutex<()>>,
    /// The whole two-player game, solved on first use (only `win` and `solve` need it).
    game: OnceLock<SharedGame>,
    /// The whole three-player game, solved on first use.
    game3: OnceLock<SharedGame3>,
    /// A round's first player's chance to be beaten by one or two followers, solved on first
    /// use: the coach and the review name it in their reasons.
    holding: [OnceLock<Holding>; 2],
}

impl Solutions {
    /// The solutions of `rules` for `players`, kept from an earlier advice or made now (their
    /// costly parts solved on first use, once): see [`SOLVED`].
    pub(crate) fn lately(rules: Rules, players: u32) -> Arc<Solutions> {
        let mut kept = SOLVED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = kept
            .iter()
            .position(|s| s.rules == rules && s.players == players)
        {
            let found = kept.remove(at);
            kept.push(found.clone());
            return found;
        }
        let fresh = Arc::new(Solutions::new(rules, players));
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push(fresh.clone());
        fresh
    }

    /// Builds the roll tables and solves the expected-score optimum for every roll count.
    pub fn new(rules: Rules, players: u32) -> Self {
        let outcomes = RollOutcomes::of(&rules);
        let optimal = (1..=rules.max_rolls).map(|r| solve(&outcomes, r)).collect();
        Self {
            rules,
            players,
            outcomes,
            optimal,
            dilemma: OnceLock::new(),
            solving: Arc::default(),
            game: OnceLock::new(),
            game3: OnceLock::new(),
            holding: Default::default(),
        }
    }

    /// The expected-score optimum with `allowed` rolls (1 to `max_rolls`).
    pub fn optimal(&self, allowed: u8) -> &Solution {
        &self.optimal[allowed as usize - 1]
    }

    /// What `win` plays by for this many players: the exact solution for two or three, the
    /// documented heuristic for more; refused for a single turn (no game to win) and where the
    /// solution would exceed [`MEMORY_LIMIT`](super::game::MEMORY_LIMIT).
    pub(crate) fn win(&self) -> Result<Win> {
        Ok(match self.players {
            1 => {
                return Err(Error::value(
                    Setting::POLICY,
                    "win",
                    "a single turn has no game to win: use optimal; see docs/sevens.md",
                ));
            }
            2 => Win::Two(self.game()?),
            3 => Win::Three(self.game3()?),
            _ => Win::Heuristic(self.game()?),
        })
    }

    /// The whole game solved for two players, to win (whatever the run's player count: more
    /// players' heuristic plays by it); refused where the solution would exceed
    /// [`MEMORY_LIMIT`](super::game::MEMORY_LIMIT).
    pub(crate) fn game(&self) -> Result<SharedGame> {
        once(&self.game, &self.solving, || {
            with_room(|| GameSolution::solve(&self.outcomes, &self.rules).map(Arc::new))
        })
    }

    /// The whole game solved for three players, to win; refused where the solution would
    /// exceed [`MEMORY_LIMIT`](super::game::MEMORY_LIMIT).
    pub(crate) fn game3(&self) -> Result<SharedGame3> {
        once(&self.game3, &self.solving, || {
            with_room(|| Game3::solve(&self.outcomes, &self.rules).map(Arc::new))
        })
    }

    /// Whether a run of these players and rules takes each throw's luck out of its win rates:
    /// for two or three players where the whole game's solution is within [`MEMORY_LIMIT`]
    /// (the default ten rounds: 0.6 MB for two, 441 MB for three). Decided by the rules alone,
    /// never by the memory a machine has, so the rows a run reports, and the shards that merge,
    /// are the same everywhere; a game past the limit runs as before, without the rows.
    pub(crate) fn takes_luck_out(&self) -> bool {
        match self.players {
            2 => GameSolution::bytes_needed(&self.rules) <= MEMORY_LIMIT,
            3 => Game3::bytes_needed(&self.rules) <= MEMORY_LIMIT,
            _ => false,
        }
    }

    /// The whole game a run values each throw's luck by, where it takes the luck out
    /// ([`Solutions::takes_luck_out`]): solved now, or refused (in one line naming the memory)
    /// where this machine lacks the room, which fails the run rather than drop its rows.
    pub(crate) fn luck(&self) -> Result<Option<Solved>> {
        if !self.takes_luck_out() {
            return Ok(None);
        }
        Ok(Some(match self.players {
            2 => Solved::Two(self.game()?),
            _ => Solved::Three(self.game3()?),
        }))
    }

    /// Refuses, as [`Solutions::win`] would, a whole game for these players too large for the
    /// memory there is, solving nothing: a record's check refuses it before any game is valued.
    pub(crate) fn fits(&self) -> Result<()> {
        let solved = match self.players {
            2 => self.game.get().is_some(),
            3 => self.game3.get().is_some(),
            _ => true,
        };
        if solved {
            return Ok(());
        }
        with_room(|| match self.players {
            2 => GameSolution::promised(&self.rules).map(drop),
            _ => Game3::promised(&self.rules).map(drop),
        })
    }

    /// A round's first player's chance to see its score beaten by `followers` followers (1 or
    /// 2: the players the exact games solve for, less the first).
    pub(crate) fn holding(&self, followers: u8) -> &Holding {
        debug_assert!((1..=2).contains(&followers), "{followers} followers");
        self.holding[usize::from(followers.clamp(1, 2)) - 1]
            .get_or_init(|| Holding::new(&self.outcomes, &self.rules, followers.clamp(1, 2)))
    }

    /// The leader's dilemma under these rules and this many players (at least two).
    pub fn dilemma(&self) -> &Dilemma {
        self.dilemma
            .get_or_init(|| solve_dilemma(&self.outcomes, &self.rules, self.players.max(2)))
    }
}

/// `solve`, and where it is refused (for want of memory, the one refusal a solve makes) while
/// kept solutions nobody else holds take memory, `solve` again once they are let go: a file
/// whose games alternate two large rule sets is reviewed as when each solution was dropped with
/// its rules, and a server short of room makes it from solutions no request is using.
fn with_room<T>(solve: impl Fn() -> Result<T>) -> Result<T> {
    match solve() {
        Err(_) if let_go_unused() => solve(),
        solved => solved,
    }
}

/// Lets go of the kept solutions only [`SOLVED`] holds; whether there were any.
fn let_go_unused() -> bool {
    let unused: Vec<Arc<Solutions>> = {
        let mut kept = SOLVED.lock().unwrap_or_else(PoisonError::into_inner);
        let (unused, used) = std::mem::take(&mut *kept)
            .into_iter()
            .partition(|s| Arc::strong_count(s) == 1);
        *kept = used;
        unused
    };
    // Dropped here, outside the lock: a three-player solution takes a while to free.
    !unused.is_empty()
}

/// The value in `cell`, solved by `solve` on first use, once: a second caller waits on `gate`
/// for the first's solution. The solve runs on a thread of its own with a thread pool of the
/// caller's size: a rayon worker waiting on its own pool's jobs runs other jobs meanwhile, and
/// one of those asking for the same solution would wait on the gate its own thread holds (a
/// library caller's replays inside its own `par_iter`); a thread that only waits runs nothing.
fn once<T: Clone + Send + Sync>(
    cell: &OnceLock<T>,
    gate: &Mutex<()>,
    solve: impl FnOnce() -> Result<T> + Send,
) -> Result<T> {
    if let Some(value) = cell.get() {
        return Ok(value.clone());
    }
    let _solving = gate.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(value) = cell.get() {
        return Ok(value.clone());
    }
    if crate::engine::runs_in_thread() {
        // One thread and nothing else running on it: no job can wait on the gate it holds, and
        // there is no thread to start (a browser's WebAssembly).
        let solved = crate::engine::thread_pool(None, None)?.install(solve)?;
        return Ok(cell.get_or_init(|| solved).clone());
    }
    let threads = rayon::current_num_threads();
    let solved = std::thread::scope(|scope| {
        scope
            .spawn(|| crate::engine::thread_pool(Some(threads), None)?.install(solve))
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })?;
    Ok(cell.get_or_init(|| solved).clone())
}

/// The solutions of the rule sets advised on lately, the newest last, at most [`KEPT`]: the
/// whole three-player game takes about a second to solve (the two-player one a few
/// milliseconds), and a coach (the web app, a Python session) asks about one rule set many
/// times. Each is solved on its first use and shared by every thread.
static SOLVED: Mutex<Vec<Arc<Solutions>>> = Mutex::new(Vec::new());

/// The rule sets [`SOLVED`] keeps: a three-player solution takes a few hundred megabytes.
const KEPT: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Askers at once, from threads of their own or from the jobs of one `par_iter` (whose
    /// workers steal each other's jobs while they wait), get one solve between them, and none
    /// waits forever on a gate its own thread holds (why a lock around the solve was reverted).
    #[test]
    fn askers_at_once_share_one_solve_and_none_waits_on_itself() {
        let (cell, gate) = (OnceLock::new(), Mutex::new(()));
        let solves = AtomicUsize::new(0);
        let solve = || {
            solves.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(50));
            // A solve's own parallel loop, as the solvers have.
            Ok((0..1000u64).into_par_iter().sum::<u64>())
        };
        let pool = crate::engine::thread_pool(Some(2), None).unwrap();
        let got: Vec<u64> = pool.install(|| {
            (0..64)
                .into_par_iter()
                .map(|_| once(&cell, &gate, solve).unwrap())
                .collect()
        });
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| assert_eq!(once(&cell, &gate, solve).unwrap(), 499_500));
            }
        });
        assert!(got.iter().all(|&v| v == 499_500));
        assert_eq!(solves.load(Ordering::SeqCst), 1);
    }

    /// Kept solutions nobody else holds are let go when a solve is short of room; those in
    /// use stay.
    #[test]
    fn kept_solutions_nobody_holds_are_let_go_and_those_in_use_stay() {
        let rules = |rounds| Rules {
            rounds,
            ..Rules::default()
        };
        let held = Solutions::lately(rules(3), 2);
        drop(Solutions::lately(rules(4), 2));
        assert!(let_go_unused());
        let kept = SOLVED.lock().unwrap_or_else(PoisonError::into_inner);
        assert!(kept.iter().any(|s| Arc::ptr_eq(s, &held)));
        assert!(!kept.iter().any(|s| s.rules == rules(4) && s.players == 2));
    }

    /// A solve that fails is no solution: the next asker solves again.
    #[test]
    fn a_failed_solve_is_asked_again() {
        let (cell, gate) = (OnceLock::<u8>::new(), Mutex::new(()));
        assert!(once(&cell, &gate, || Err(Error::input("no room"))).is_err());
        assert_eq!(once(&cell, &gate, || Ok(7)).unwrap(), 7);
    }
}
