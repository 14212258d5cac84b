//! Graphviz output. Node order is creation order and edges keep input order, so dumps of the same
//! method are identical from run to run.

use crate::{Graph, Op};
use std::fmt::Write;

/// Writes the graph as a Graphviz `digraph` named `title`: fixed nodes as boxes, control edges in
/// red, data edges in black labelled with the input position, merge edges dashed.
pub fn to_dot(graph: &Graph, title: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "digraph \"{}\" {{", title.replace('"', "'"));
    let _ = writeln!(out, "  node [fontname=\"monospace\", fontsize=10];");
    for id in graph.node_ids() {
        let node = graph.node(id);
        let shape = if node.op.is_fixed() { "box" } else { "ellipse" };
        let label = format!("{id}: {} : {}", node.op.name(), node.stamp);
        let _ = writeln!(
            out,
            "  {id} [shape={shape}, label=\"{}\"];",
            label.replace('"', "'")
        );
    }
    for id in graph.node_ids() {
        let node = graph.node(id);
        for &succ in &node.successors {
            let _ = writeln!(out, "  {id} -> {succ} [color=red];");
        }
        for (pos, &input) in node.inputs.iter().enumerate() {
            let style = match (&node.op, graph.op(input)) {
                (Op::Merge | Op::LoopBegin, _) | (Op::Phi, _) if pos == 0 || node.op.is_merge() => {
                    "style=dashed, color=blue"
                }
                _ => "color=black",
            };
            let _ = writeln!(out, "  {input} -> {id} [{style}, label=\"{pos}\"];");
        }
    }
    out.push_str("}\n");
    out
}
