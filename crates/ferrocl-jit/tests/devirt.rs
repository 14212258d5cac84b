//! Guarded devirtualisation, the compiler alone: a class map stands in for the host's
//! (`tests/devirt/Dv.java`, compiled with javac), so selection, the consulted entries and the
//! bailouts are checked without a JVM.

// Errors end a compilation; their size does not matter here.
#![allow(clippy::result_large_err)]

use ferrocl_jit::{
    compile, ClassResolver, DirectoryResolver, JitError, ObjectPath, Options, Request,
    RuntimeClass, RuntimeClasses, Target,
};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Compiles `Dv.java` once per test into its own folder, then recompiles `Right` alone with a
/// default method (separate compilation: javac itself refuses two unrelated defaults).
fn classes(tag: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/devirt");
    let out = std::env::temp_dir().join(format!("ferrocl-devirt-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("temp dir");
    let javac = |sources: &[PathBuf]| {
        let status = Command::new("javac")
            .args(["-g", "-d"])
            .arg(&out)
            .args(sources)
            .status()
            .expect("javac must be installed");
        assert!(status.success(), "javac failed");
    };
    javac(&[dir.join("Dv.java"), dir.join("before/Right.java")]);
    javac(&[dir.join("after/Right.java")]);
    out
}

/// A resolver over the class folder that says every class has assertions `enabled`, and
/// describes static fields' objects as `statics` says (`owner.name` → description).
struct WithAssertions {
    inner: DirectoryResolver,
    enabled: Option<bool>,
    statics: Vec<(String, String)>,
    asked: Vec<(String, bool)>,
}

impl ClassResolver for WithAssertions {
    fn class_bytes(&mut self, name: &str) -> Option<Vec<u8>> {
        self.inner.class_bytes(name)
    }

    fn assertions_enabled(&mut self, _name: &str) -> Option<bool> {
        self.enabled
    }

    fn static_objects(
        &mut self,
        owner: &str,
        name: &str,
        _descriptor: &str,
        may_initialise: bool,
    ) -> Option<String> {
        let field = format!("{owner}.{name}");
        self.asked.push((field.clone(), may_initialise));
        self.statics
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, d)| d.clone())
    }
}

fn run(
    dir: &Path,
    method: &str,
    descriptor: &str,
    map: &mut RuntimeClasses,
    assertions: Option<bool>,
) -> Result<String, JitError> {
    let bytes = std::fs::read(dir.join("dv/Dv.class")).expect("class file");
    let mut resolver = WithAssertions {
        inner: DirectoryResolver::new([dir.to_path_buf()]),
        enabled: assertions,
        statics: Vec::new(),
        asked: Vec::new(),
    };
    let mut request = Request {
        class_bytes: &bytes,
        class_name: "dv/Dv",
        method,
        descriptor,
        target: Target::default(),
        resolver: Some(&mut resolver),
        classes: Some(map),
    };
    compile(&mut request, &Options::default()).map(|k| k.source().to_string())
}

fn arg(root: usize) -> ObjectPath {
    ObjectPath {
        root,
        fields: Vec::new(),
    }
}

fn bailout(result: Result<String, JitError>) -> String {
    match result {
        Err(JitError::Bailout(b)) => b.to_string(),
        other => panic!("expected a bailout, got {other:?}"),
    }
}

#[test]
fn selects_by_exact_class_and_records_the_guard() {
    let dir = classes("select");
    let mut map = RuntimeClasses::new();
    map.insert(arg(0), RuntimeClass::Class("dv/Dv$Circle".into()));
    map.insert(arg(1), RuntimeClass::Null); // an array argument: never consulted
    let source = run(&dir, "areas", "(Ldv/Dv$Shape;[F[F)V", &mut map, None).expect("compiles");
    // Circle.area is inlined, reading s.r through the field path.
    assert!(source.contains("s_r"), "{source}");
    assert_eq!(
        map.consulted(),
        vec![(arg(0), RuntimeClass::Class("dv/Dv$Circle".into()))]
    );

    // Default methods: the maximally-specific one, or a bailout when two apply.
    let mut map = RuntimeClasses::new();
    map.insert(arg(0), RuntimeClass::Class("dv/Dv$Specific".into()));
    let source = run(&dir, "picks", "(Ldv/Dv$Left;[I)V", &mut map, None).expect("compiles");
    assert!(source.contains("= 3;"), "Lower.pick is selected:\n{source}");
    let mut map = RuntimeClasses::new();
    map.insert(arg(0), RuntimeClass::Class("dv/Dv$Both".into()));
    let reason = bailout(run(&dir, "picks", "(Ldv/Dv$Left;[I)V", &mut map, None));
    assert!(reason.contains("IncompatibleClassChangeError"), "{reason}");
    assert!(
        reason.contains("dv.Dv$Left.pick()I"),
        "names the call: {reason}"
    );
    assert!(reason.contains("dv.Right"), "names the defaults: {reason}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_null_and_hidden_objects_bail_out_naming_the_call() {
    let dir = classes("refuse");
    let descriptor = "(Ldv/Dv$Shape;[F[F)V";
    let reason = bailout(run(
        &dir,
        "areas",
        descriptor,
        &mut RuntimeClasses::new(),
        None,
    ));
    assert!(reason.contains("not known to the compiler"), "{reason}");

    let mut map = RuntimeClasses::new();
    map.insert(arg(0), RuntimeClass::Null);
    let reason = bailout(run(&dir, "areas", descriptor, &mut map, None));
    assert!(reason.contains("which is null"), "{reason}");
    assert_eq!(map.consulted(), vec![(arg(0), RuntimeClass::Null)]);

    let mut map = RuntimeClasses::new();
    map.insert(arg(0), RuntimeClass::Hidden("dv.Dv$$Lambda/0x1".into()));
    let reason = bailout(run(&dir, "areas", descriptor, &mut map, None));
    assert!(reason.contains("hidden class"), "{reason}");
    assert!(reason.contains("dv.Dv$Shape.area(F)F"), "{reason}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn assert_compiles_away_unless_enabled() {
    let dir = classes("assert");
    for status in [None, Some(false)] {
        let source = run(
            &dir,
            "asserted",
            "([I)V",
            &mut RuntimeClasses::new(),
            status,
        )
        .expect("compiles with assertions disabled");
        assert!(
            !source.contains("> 0") && !source.contains("<= 0"),
            "{source}"
        );
    }
    let reason = bailout(run(
        &dir,
        "asserted",
        "([I)V",
        &mut RuntimeClasses::new(),
        Some(true),
    ));
    assert!(
        reason.contains("assertions are enabled for dv.Dv"),
        "{reason}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A call on the object of a static field: devirtualised for the class the host describes when
/// the field is first read, the entry rooted at the field's parameter recorded as consulted;
/// without a description (the class not initialised, no JVM), a bailout naming the call.
#[test]
fn a_static_fields_object_is_devirtualised_for_the_hosts_description() {
    let dir = classes("statics");
    let bytes = std::fs::read(dir.join("dv/Dv.class")).expect("class file");
    let compile_with = |statics: Vec<(String, String)>, map: &mut RuntimeClasses| {
        let mut resolver = WithAssertions {
            inner: DirectoryResolver::new([dir.to_path_buf()]),
            enabled: None,
            statics,
            asked: Vec::new(),
        };
        let mut request = Request {
            class_bytes: &bytes,
            class_name: "dv/Dv",
            method: "unitAreas",
            descriptor: "([F[F)V",
            target: Target::default(),
            resolver: Some(&mut resolver),
            classes: Some(map),
        };
        let result = compile(&mut request, &Options::default()).map(|k| k.source().to_string());
        (result, resolver.asked)
    };
    let mut map = RuntimeClasses::new();
    let described = vec![("dv/Dv.UNIT".to_string(), "\tC:dv/Dv$Circle\n".to_string())];
    let (result, asked) = compile_with(described, &mut map);
    let source = result.expect("compiles");
    // Circle.area reads UNIT.r through a field path from the static field.
    assert!(source.contains("UNIT_r"), "{source}");
    assert_eq!(asked.len(), 1, "asked once: {asked:?}");
    let consulted = map.consulted();
    assert_eq!(consulted.len(), 1, "{consulted:?}");
    assert!(
        consulted[0].0.root >= 2 && consulted[0].0.fields.is_empty(),
        "rooted at the static field's parameter, past the two arguments: {consulted:?}"
    );

    let mut map = RuntimeClasses::new();
    let (result, _) = compile_with(Vec::new(), &mut map);
    let reason = bailout(result);
    assert!(reason.contains("dv.Dv$Shape.area(F)F"), "{reason}");
    assert!(reason.contains("UNIT"), "names the object: {reason}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An array of objects: its elements' class from the host's entry `[]`, its `present` array
/// checked like any array, each field read from its own array; without the entry (elements of
/// several classes), a bailout naming the array.
#[test]
fn an_array_of_objects_becomes_arrays_of_its_fields() {
    let dir = classes("elements");
    let elements = ObjectPath {
        root: 0,
        fields: vec!["[]".into()],
    };
    let mut map = RuntimeClasses::new();
    map.insert(elements.clone(), RuntimeClass::Class("dv/Dv$Circle".into()));
    let source = run(
        &dir,
        "elementAreas",
        "([Ldv/Dv$Shape;[F[F)V",
        &mut map,
        None,
    )
    .expect("compiles");
    assert!(source.contains("ss_present"), "{source}");
    assert!(source.contains("ss_r"), "Circle.r's values: {source}");
    assert_eq!(
        map.consulted(),
        vec![(elements.clone(), RuntimeClass::Class("dv/Dv$Circle".into()))]
    );
    // Elements of two classes: a branch on each element's class number (`present`).
    let mut map = RuntimeClasses::new();
    map.insert(
        elements,
        RuntimeClass::Classes(vec!["dv/Dv$Circle".into(), "dv/Dv$Sq".into()]),
    );
    let source = run(
        &dir,
        "elementAreas",
        "([Ldv/Dv$Shape;[F[F)V",
        &mut map,
        None,
    )
    .expect("compiles");
    assert!(
        source.contains("ss_r") && source.contains("ss_side"),
        "{source}"
    );
    assert!(
        source.contains("== 1"),
        "a branch on the first class's number: {source}"
    );
    let mut map = RuntimeClasses::new();
    let reason = bailout(run(
        &dir,
        "elementAreas",
        "([Ldv/Dv$Shape;[F[F)V",
        &mut map,
        None,
    ));
    assert!(reason.contains("too many classes"), "{reason}");
    assert!(reason.contains("ss"), "names the array: {reason}");
    let _ = std::fs::remove_dir_all(&dir);
}
