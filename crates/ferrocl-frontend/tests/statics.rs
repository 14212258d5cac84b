//! `getstatic`: constants folded (also across classes, through the resolver), other primitive
//! static fields as `StaticField` nodes, and the refusals (`putstatic`, reference fields).
#![allow(clippy::result_large_err)]

mod common;

use common::*;
use ferrocl_graph::{Constant, FieldRef, Op, Stamp};
use std::path::PathBuf;
use std::sync::OnceLock;

/// What `S` is compiled against: no constants, so javac emits `getstatic` for every use.
const CONSTS_STUB: &str = r#"package st;
public class Consts {
    public static int K;
    public static double D;
    public static int scale;
}
"#;

/// What `Consts` is at run time: `K` and `D` became constants (a separately compiled library).
const CONSTS: &str = r#"package st;
public class Consts {
    public static final int K = 42;
    public static final double D = 2.5;
    public static int scale = 3;
}
"#;

const S: &str = r#"package st;

public class S {
    static int counter = 5;
    static final int COMPUTED = Integer.parseInt("7");
    static int[] table = {1, 2};
    public static int foreignConst(int x) { return x + Consts.K; }
    public static double foreignDouble(double x) { return x * Consts.D; }
    public static int foreignMutable(int x) { return x * Consts.scale; }
    public static int inherited(int x) { return x + Sub.K; }
    public static int ownMutable(int x) { return x + counter; }
    public static int computed(int x) { return x + COMPUTED; }
    public static void write(int x) { counter = x; }
    public static int referenceField(int i) { return table[i]; }
    public static int objectField(int i) { return Holder.boxes.length + i; }
    public static int noisy(int x) { return x + Noisy.x + Quiet.y; }
    public static int throwing(int x) { return x + Boom.z; }
    public static int inheritsNoise(int x) { return x + Child.w; }
    public static int seen(int x) { return x + Tables.v + BadParse.v + Strings.v + Computed.v; }
    public static int calls(int x) { return Noisy.nine() + Quiet.twice(x); }
}

class Sub extends Consts {
}

class Holder {
    static Integer[] boxes = {1, 2};
}

/** Its initialiser writes another class's field: initialising it early can be seen. */
class Noisy {
    static int x = bump();
    static int bump() { Consts.scale = 5; return 9; }
    static int nine() { return 9; }
}

/** Constants, its own fields, java.lang's pure methods, a constant that parses: unobservable. */
class Quiet {
    static int twice(int x) { return 2 * x; }
    static int y = Math.max(3, Integer.parseInt("4")) + Integer.bitCount(7);
    static double d = Math.sqrt(2.0) / 3.0;
    static { for (int i = 0; i < 2; i++) { y += i; } }
}

/** javac's array initialiser of constants: unobservable. */
class Tables {
    static int[] t = {1, 2};
    static int v = 3;
}

/** An array read (it could throw), a parse of a string that does not parse, a String method. */
class Computed {
    static int[] t = new int[2];
    static int v = t[1] + 1;
}

class BadParse {
    static int v = Integer.parseInt("x7");
}

class Strings {
    static int v = "abc".length();
}

/** An integer division in its initialiser can throw. */
class Boom {
    static int zero = 0;
    static int z = 1 / zero;
}

/** Quiet itself, but its superclass is not. */
class Child extends Noisy {
    static int w = 2;
}
"#;

fn classes() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = temp_dir("statics");
        let out = dir.join("out");
        javac_into(
            &dir.join("stub"),
            &out,
            &[("st/Consts.java", CONSTS_STUB), ("st/S.java", S)],
        );
        // Recompile Consts alone: S.class keeps its getstatic of Consts.K.
        javac_into(&dir.join("real"), &out, &[("st/Consts.java", CONSTS)]);
        out
    })
}

fn returned(mg: &ferrocl_frontend::MethodGraph) -> Vec<Op> {
    let ret = nodes(mg, |o| *o == Op::Return)[0];
    let value = mg.graph.inputs(ret)[0];
    mg.graph
        .inputs(value)
        .iter()
        .map(|&n| mg.graph.op(n).clone())
        .collect()
}

#[test]
fn static_final_constants_of_other_classes_fold() {
    let mut resolver = TestResolver::new([classes().clone()]);
    let mg = build_with(classes(), "st/S", "foreignConst", &mut resolver).expect("builds");
    assert!(returned(&mg).contains(&Op::Constant(Constant::Int(42))));
    assert_eq!(count(&mg, |o| matches!(o, Op::StaticField(_))), 0);
    assert_eq!(resolver.asked, ["st/Consts"]);

    let d = build(classes(), "st/S", "foreignDouble").expect("builds");
    assert!(returned(&d).contains(&Op::Constant(Constant::Double(2.5))));

    // Sub.K resolves to the field declared by Sub's superclass.
    let i = build(classes(), "st/S", "inherited").expect("builds");
    assert!(returned(&i).contains(&Op::Constant(Constant::Int(42))));

    // Without the declaring class, the bailout names it.
    let text = bailout_text(build_alone(classes(), "st/S", "foreignConst"));
    assert!(text.contains("class st.Consts is not available"), "{text}");
}

#[test]
fn other_primitive_static_fields_are_read_by_the_host() {
    let mg = build(classes(), "st/S", "foreignMutable").expect("builds");
    let field = Op::StaticField(FieldRef {
        class: "st/Consts".into(),
        name: "scale".into(),
        descriptor: "I".into(),
        host_may_initialise: true,
    });
    let found = nodes(&mg, |o| *o == field);
    assert_eq!(found.len(), 1);
    assert_eq!(mg.graph.stamp(found[0]), Stamp::Int);
    assert!(!mg.graph.op(found[0]).is_fixed());

    // The method's own class needs no resolver.
    let own = build_alone(classes(), "st/S", "ownMutable").expect("builds");
    // (S's initialiser parses a constant and builds an array of constants: unobservable.)
    assert!(returned(&own).contains(&Op::StaticField(FieldRef {
        class: "st/S".into(),
        name: "counter".into(),
        descriptor: "I".into(),
        host_may_initialise: true,
    })));
    // A final field without a ConstantValue (set by <clinit>) is read by the host too.
    let computed = build_alone(classes(), "st/S", "computed").expect("builds");
    assert_eq!(count(&computed, |o| matches!(o, Op::StaticField(_))), 1);
}

#[test]
fn writes_and_reference_fields_bail_out() {
    let w = bailout_text(build_alone(classes(), "st/S", "write"));
    assert!(
        w.contains("writing a static field is not supported: st.S.counter"),
        "{w}"
    );
    let r = bailout_text(build_alone(classes(), "st/S", "objectField"));
    assert!(
        r.contains("static fields holding arrays of objects are not supported: st.Holder.boxes"),
        "{r}"
    );
    assert!(r.contains("st.S.objectField(I)I at bci 0"), "{r}");
}

/// A static primitive array field is a parameter the host reads from the field: one per field,
/// however often the method reads it, initialised where Java initialises its class.
#[test]
fn static_array_fields_are_parameters_read_from_the_field() {
    let mg = build_alone(classes(), "st/S", "referenceField").expect("builds");
    let statics: Vec<&ferrocl_graph::ParamInfo> = mg
        .params
        .iter()
        .filter(|p| p.static_field.is_some())
        .collect();
    assert_eq!(statics.len(), 1);
    let field = statics[0].static_field.as_ref().expect("field");
    assert_eq!(
        (field.class.as_str(), field.name.as_str()),
        ("st/S", "table")
    );
    assert_eq!(field.descriptor, "[I");
    assert_eq!(statics[0].stamp, Stamp::Array(ferrocl_graph::ElemKind::Int));
    assert!(statics[0].field_path.is_none() && statics[0].used);
}

/// JLS §12.4: the host initialises a class before the kernel runs only where no one could tell.
#[test]
fn the_host_initialises_only_classes_whose_initialisers_cannot_be_seen() {
    let may = |method: &str| -> Vec<(String, bool)> {
        let mg = build(classes(), "st/S", method).expect("builds");
        let mut out: Vec<(String, bool)> = nodes(&mg, |o| matches!(o, Op::StaticField(_)))
            .into_iter()
            .filter_map(|n| match mg.graph.op(n) {
                Op::StaticField(f) => Some((f.class.clone(), f.host_may_initialise)),
                _ => None,
            })
            .collect();
        out.sort();
        out
    };
    assert_eq!(
        may("noisy"),
        vec![
            ("st/Noisy".to_string(), false),
            ("st/Quiet".to_string(), true)
        ]
    );
    assert_eq!(may("throwing"), vec![("st/Boom".to_string(), false)]);
    assert_eq!(may("inheritsNoise"), vec![("st/Child".to_string(), false)]);
    assert_eq!(
        may("seen"),
        vec![
            ("st/BadParse".to_string(), false),
            ("st/Computed".to_string(), false),
            ("st/Strings".to_string(), false),
            ("st/Tables".to_string(), true)
        ]
    );
    // Static methods' classes: only those whose initialisers can be seen are listed.
    let calls = build(classes(), "st/S", "calls").expect("builds");
    assert_eq!(calls.initialises, vec!["st/Noisy".to_string()]);
}
