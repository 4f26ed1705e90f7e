//! A host without threads (a browser's WebAssembly) runs every parallel loop on the calling
//! thread: one code path, the same answers byte for byte. A test binary of its own, since the
//! switch is the whole process's.

use dicelab::engine::{RunConfig, run_in_thread, runs_in_thread, thread_pool};
use dicelab::games::advice::{AdviceRequest, Position};
use dicelab::ops::{self, RunRequest};

/// A comparison, a two-player game with the luck taken out (a whole-game solve on first use),
/// and a raced Solitaire Dice advice, each asked for on two threads: in a thread the answers are
/// those of the pool, and every loop ran on the calling thread.
#[test]
fn loops_run_in_the_calling_thread_with_the_same_answers() {
    let answers = || {
        let compare = RunRequest {
            game: dicelab::games::find("sevens").unwrap(),
            rules: Vec::new(),
            deck: None,
            players: 1,
            policies: vec!["optimal".into(), "leader".into()],
        }
        .configure()
        .unwrap();
        let two = RunRequest {
            game: dicelab::games::find("sevens").unwrap(),
            rules: vec!["rounds=3".into()],
            deck: None,
            players: 2,
            policies: vec!["win".into(), "optimal".into()],
        }
        .configure()
        .unwrap();
        let config = RunConfig {
            threads: Some(2),
            ..RunConfig::new(200_000, 9)
        };
        let solitaire = dicelab::games::find("solitaire-dice").unwrap();
        let request = AdviceRequest {
            rules: Vec::new(),
            policies: Vec::new(),
            position: Position::new(vec![("roll".into(), "1,2,3,4,6".into())]).unwrap(),
            run: RunConfig {
                units: Some(64),
                seed: 3,
                threads: Some(2),
                shard: dicelab::engine::Shard::WHOLE,
                progress: Default::default(),
                first_chunk: 0,
            },
        };
        let advice = ops::advise(solitaire, &request).unwrap();
        (
            ops::simulate(compare.as_ref(), &config).unwrap().json(),
            ops::simulate(two.as_ref(), &config).unwrap().json(),
            serde_json::to_string(&advice).unwrap(),
        )
    };
    assert!(!runs_in_thread());
    let pooled = answers();
    run_in_thread();
    assert!(runs_in_thread());
    let caller = std::thread::current().id();
    let (threads, on) = thread_pool(Some(2), None)
        .unwrap()
        .install(|| (rayon::current_num_threads(), std::thread::current().id()));
    assert_eq!((threads, on), (1, caller));
    assert_eq!(answers(), pooled);
}
