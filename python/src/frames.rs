//! The library's typed tables as what `dicelab._frames` builds DataFrames from: a dict per
//! table with its name, its columns, each column's values as a Python list (whole numbers as
//! `int`, real numbers as `float`, text as `str`, an empty cell as `None`) and its notes. The
//! numbers are the ones the table's CSV file holds ([`DataTable::written_rows`]), so a frame
//! equals the file read back, with no text in between.

use dicelab::games::advice::{Advice, Row, Value};
use dicelab::games::analysis::{Cell, DataTable};
use dicelab::games::review::record::{self, Record};
use dicelab::ops::Replayed;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::failure::Keywords;

/// One cell as a Python value.
fn cell(py: Python<'_>, cell: &Cell) -> PyResult<Py<PyAny>> {
    match cell {
        Cell::Text(t) if t.is_empty() => Ok(py.None()),
        Cell::Text(t) => t.into_py_any(py),
        Cell::Int(i) => i.into_py_any(py),
        Cell::Num(x) => x.into_py_any(py),
    }
}

/// `table` as a dict: `name`, `columns`, `data` (one list per column) and `notes`.
pub fn table(py: Python<'_>, table: &DataTable) -> PyResult<Py<PyDict>> {
    let rows = table.written_rows();
    let data = PyList::empty(py);
    for c in 0..table.columns.len() {
        let column = PyList::empty(py);
        for row in &rows {
            column.append(row.get(c).map_or(Ok(py.None()), |v| cell(py, v))?)?;
        }
        data.append(column)?;
    }
    let dict = PyDict::new(py);
    dict.set_item("name", &table.name)?;
    dict.set_item("columns", &table.columns)?;
    dict.set_item("data", data)?;
    dict.set_item("notes", &table.notes)?;
    Ok(dict.unbind())
}

/// Every table, in order.
pub fn tables(py: Python<'_>, tables: &[DataTable]) -> PyResult<Vec<Py<PyDict>>> {
    tables.iter().map(|t| table(py, t)).collect()
}

/// A column of the advice frame being built: its name and its values.
struct Column(String, Vec<Py<PyAny>>);

/// The column `name` of `rows`, each row's value made by `value`.
fn column<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    name: impl Into<String>,
    rows: &[Row],
    value: impl Fn(&Row) -> T,
) -> PyResult<Column> {
    let values = rows
        .iter()
        .map(|r| value(r).into_py_any(py))
        .collect::<PyResult<_>>()?;
    Ok(Column(name.into(), values))
}

/// The advice as a table dict (see [`table`]) whose `attrs` say what every row shares: one row
/// per action (or player), its value in each column with `_low`/`_high` where the values are
/// estimated (`NaN` where a value is exact), `loss` in the unit of `attrs["loss_column"]` (with
/// its interval where estimated), where raced `playouts` and `separated` (whether the loss's 95%
/// interval lies above 0; `None` for the best), then `remark` and `why` (`None` where a row has
/// none). The columns are the game's and the method's, the same for every position.
pub fn advice(py: Python<'_>, advice: &Advice) -> PyResult<Py<PyDict>> {
    let rows = &advice.rows;
    let num = |v: Option<f64>| v.into_py_any(py);
    let first = if advice.decision { "action" } else { "player" };
    let mut columns = vec![column(py, first, rows, |r| r.name.clone())?];
    // Where the values are estimated, every value's interval: the columns are the game's and
    // the method's, the same for every position.
    let estimated = advice.estimated();
    // A value and, where estimated, the two ends of its interval.
    let mut valued = |name: &str, of: &dyn Fn(usize) -> Option<Value>| -> PyResult<()> {
        let values: Vec<Option<Value>> = (0..rows.len()).map(of).collect();
        columns.push(Column(
            name.into(),
            values
                .iter()
                .map(|v| num(v.map(|v| v.value)))
                .collect::<PyResult<_>>()?,
        ));
        if estimated {
            let ci: Vec<Option<(f64, f64)>> =
                values.iter().map(|v| v.and_then(|v| v.ci95)).collect();
            for (suffix, end) in [("_low", 0), ("_high", 1)] {
                columns.push(Column(
                    format!("{name}{suffix}"),
                    ci.iter()
                        .map(|c| num(c.map(|c| if end == 0 { c.0 } else { c.1 })))
                        .collect::<PyResult<_>>()?,
                ));
            }
        }
        Ok(())
    };
    for (c, column) in advice.columns.iter().enumerate() {
        valued(&column.name, &|r| rows[r].values[c])?;
    }
    if advice.decision {
        valued("loss", &|r| rows[r].loss)?;
    }
    if advice.spent.is_some() {
        columns.push(column(py, "playouts", rows, |r| r.playouts)?);
        columns.push(column(py, "separated", rows, |r| r.separated)?);
    }
    columns.push(column(py, "remark", rows, |r| r.remark.clone())?);
    columns.push(column(py, "why", rows, |r| r.why.clone())?);
    let dict = PyDict::new(py);
    dict.set_item(
        "name",
        if advice.decision {
            "actions"
        } else {
            "players"
        },
    )?;
    dict.set_item(
        "columns",
        columns.iter().map(|c| c.0.clone()).collect::<Vec<_>>(),
    )?;
    dict.set_item("data", columns.into_iter().map(|c| c.1).collect::<Vec<_>>())?;
    dict.set_item("notes", Vec::<String>::new())?;
    dict.set_item("attrs", attrs(py, advice)?)?;
    Ok(dict.unbind())
}

/// A replayed game as a dict `dicelab.replay` reads: `log`, `decision` (`None` once the game is
/// over, else `(prompt, actions)`), `result`, `record` (the game's record as text, as `play
/// --record` writes it, or `None`), `last` (the coach on the last move, where asked and the
/// advice values it: a dict of `action`, `loss`, `ci95`, `unit`, `best`, `mistake`) and
/// `advice` (where asked, a table dict as [`advice`] makes).
pub fn replayed(py: Python<'_>, replayed: &Replayed) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("log", &replayed.log)?;
    dict.set_item(
        "decision",
        replayed
            .decision
            .as_ref()
            .map(|d| (d.prompt.clone(), d.actions.clone())),
    )?;
    dict.set_item("result", &replayed.result)?;
    dict.set_item(
        "record",
        replayed.record.as_ref().map(|game| {
            record::write(&Record {
                games: vec![game.clone()],
            })
        }),
    )?;
    let last = match &replayed.last {
        Some((action, cost)) => {
            let last = PyDict::new(py);
            last.set_item("action", action)?;
            last.set_item("loss", cost.loss.value)?;
            last.set_item("ci95", cost.loss.ci95)?;
            last.set_item("unit", &cost.unit)?;
            last.set_item("best", &cost.best)?;
            last.set_item("mistake", cost.mistake)?;
            last.into_py_any(py)?
        }
        None => py.None(),
    };
    dict.set_item("last", last)?;
    let advice = match &replayed.advice {
        Some(a) => advice(py, a)?.into_py_any(py)?,
        None => py.None(),
    };
    dict.set_item("advice", advice)?;
    Ok(dict.unbind())
}

/// What every row of the advice shares.
fn attrs(py: Python<'_>, advice: &Advice) -> PyResult<Py<PyDict>> {
    let attrs = PyDict::new(py);
    attrs.set_item("game", &advice.game)?;
    attrs.set_item("rules", &advice.rules)?;
    attrs.set_item("policy", &advice.policy)?;
    let position = PyDict::new(py);
    for (key, value) in &advice.position {
        position.set_item(key, value.render(&Keywords))?;
    }
    attrs.set_item("position", position)?;
    attrs.set_item("method", &advice.method)?;
    attrs.set_item("best", advice.best())?;
    attrs.set_item(
        "loss_column",
        advice.columns.get(advice.loss_column).map(|c| &c.name),
    )?;
    attrs.set_item(
        "notes",
        advice
            .notes
            .iter()
            .map(|n| n.render(&Keywords))
            .collect::<Vec<_>>(),
    )?;
    let meanings = PyDict::new(py);
    for column in &advice.columns {
        meanings.set_item(&column.name, &column.meaning)?;
    }
    attrs.set_item("columns", meanings)?;
    match &advice.spent {
        Some(spent) => {
            let playouts = PyDict::new(py);
            playouts.set_item("unit", &spent.unit)?;
            playouts.set_item("total", spent.total)?;
            playouts.set_item("first", spent.first)?;
            playouts.set_item("most", spent.most)?;
            playouts.set_item("stopped_early", spent.stopped_early)?;
            attrs.set_item("playouts", playouts)?;
            attrs.set_item(
                "within_noise",
                advice
                    .within_noise()
                    .iter()
                    .map(|r| r.name.clone())
                    .collect::<Vec<_>>(),
            )?;
        }
        None => {
            attrs.set_item("playouts", py.None())?;
            attrs.set_item("within_noise", py.None())?;
        }
    }
    Ok(attrs.unbind())
}
