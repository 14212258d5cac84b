//! Shared helpers of the front-end tests: javac at test time, a recording directory resolver, and
//! the JDK's own `java.lang` classes extracted from `$JAVA_HOME/lib/modules` once per process.
#![allow(dead_code, clippy::result_large_err)]

use ferrocl_frontend::{build_graph, ClassResolver, FrontendError, MethodGraph, NoResolver};
use ferrocl_graph::{verify, NodeId, Op};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// A fresh directory under the system temp dir for this process.
pub fn temp_dir(tag: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("ferrocl-frontend-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn api_source(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../java-api/src/main/java/dev/ferrocl/api")
        .join(name)
}

/// Writes `sources` (`(relative path, text)`) under `dir/src` and compiles them with `javac -g`
/// into `out` (with `out` on the class path, so a second call can compile against the first).
pub fn javac_into(dir: &Path, out: &Path, sources: &[(&str, &str)]) {
    let mut files = vec![api_source("Parallel.java"), api_source("Reduce.java")];
    for (path, text) in sources {
        let file = dir.join("src").join(path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("source dir");
        std::fs::write(&file, text).expect("write source");
        files.push(file);
    }
    let status = Command::new("javac")
        .args(["-g", "-encoding", "UTF-8", "-d"])
        .arg(out)
        .arg("-cp")
        .arg(out)
        .args(&files)
        .status()
        .expect("javac must be installed to run the front-end tests");
    assert!(status.success(), "javac failed");
}

/// Compiles `sources` into a fresh directory and returns the class-path root.
pub fn javac(tag: &str, sources: &[(&str, &str)]) -> PathBuf {
    let dir = temp_dir(tag);
    let out = dir.join("out");
    javac_into(&dir, &out, sources);
    out
}

/// The test resolver: reads `<root>/<name>.class` from its roots and records every request, so
/// tests can check which classes were asked for, and how often.
#[derive(Debug, Default)]
pub struct TestResolver {
    pub roots: Vec<PathBuf>,
    pub asked: Vec<String>,
}

impl TestResolver {
    /// A resolver over `roots`, searched in order.
    pub fn new(roots: impl IntoIterator<Item = PathBuf>) -> Self {
        TestResolver {
            roots: roots.into_iter().collect(),
            asked: Vec::new(),
        }
    }

    /// A resolver over `root` and, when it could be extracted, the JDK's `java.lang` classes.
    pub fn with_jdk(root: &Path) -> Self {
        let mut roots = vec![root.to_path_buf()];
        roots.extend(jdk_classes().cloned());
        Self::new(roots)
    }
}

impl ClassResolver for TestResolver {
    fn class_bytes(&mut self, internal_name: &str) -> Option<Vec<u8>> {
        self.asked.push(internal_name.to_string());
        self.roots
            .iter()
            .find_map(|r| std::fs::read(r.join(format!("{internal_name}.class"))).ok())
    }
}

fn java_home() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("JAVA_HOME") {
        let home = PathBuf::from(home);
        if home.join("lib/modules").is_file() {
            return Some(home);
        }
    }
    // `java -XshowSettings:properties -version` prints `java.home = …` on stderr.
    let out = Command::new("java")
        .args(["-XshowSettings:properties", "-version"])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stderr);
    text.lines()
        .find_map(|l| l.trim().strip_prefix("java.home = "))
        .map(PathBuf::from)
        .filter(|h| h.join("lib/modules").is_file())
}

/// A class-path root holding `java/lang/{Math,StrictMath,Float,Double,Integer,Long}.class` of the
/// installed JDK (extracted with `jimage extract` once per test process); `None` when the JDK has
/// no module image or `jimage` fails.
pub fn jdk_classes() -> Option<&'static PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let home = java_home()?;
        let dir = temp_dir("jdk");
        let jimage = home.join("bin/jimage");
        let tool = if jimage.is_file() {
            jimage
        } else {
            PathBuf::from("jimage")
        };
        let status = Command::new(tool)
            .arg("extract")
            .arg("--include")
            .arg(r"regex:.*/java/lang/(Math|StrictMath|Float|Double|Integer|Long)\.class")
            .arg("--dir")
            .arg(&dir)
            .arg(home.join("lib/modules"))
            .status()
            .ok()?;
        let root = dir.join("java.base");
        (status.success() && root.join("java/lang/Float.class").is_file()).then_some(root)
    })
    .as_ref()
}

/// Builds `method` of class `class` (internal name) under `root` with `resolver`, and verifies
/// the graph when it builds.
pub fn build_with(
    root: &Path,
    class: &str,
    method: &str,
    resolver: &mut dyn ClassResolver,
) -> Result<MethodGraph, FrontendError> {
    let bytes = std::fs::read(root.join(format!("{class}.class"))).expect("class file");
    let cf = ferrocl_classfile::parse(&bytes).expect("javac output parses");
    let m = cf
        .methods
        .iter()
        .find(|m| m.name == method)
        .unwrap_or_else(|| panic!("no method {method}"));
    let mg = build_graph(&cf, m, resolver)?;
    verify(&mg.graph).expect("the built graph verifies");
    Ok(mg)
}

/// Builds with a resolver over `root` only.
pub fn build(root: &Path, class: &str, method: &str) -> Result<MethodGraph, FrontendError> {
    build_with(
        root,
        class,
        method,
        &mut TestResolver::new([root.to_path_buf()]),
    )
}

/// Builds with no resolver at all.
pub fn build_alone(root: &Path, class: &str, method: &str) -> Result<MethodGraph, FrontendError> {
    build_with(root, class, method, &mut NoResolver)
}

/// The bailout text of a build that must bail out.
pub fn bailout_text(result: Result<MethodGraph, FrontendError>) -> String {
    match result {
        Err(FrontendError::Bailout(b)) => b.to_string(),
        Err(other) => panic!("expected a bailout, got the error {other}"),
        Ok(_) => panic!("expected a bailout, but the graph built"),
    }
}

/// The bailout of a build that must bail out.
pub fn bailout(result: Result<MethodGraph, FrontendError>) -> ferrocl_frontend::Bailout {
    match result {
        Err(FrontendError::Bailout(b)) => b,
        Err(other) => panic!("expected a bailout, got the error {other}"),
        Ok(_) => panic!("expected a bailout, but the graph built"),
    }
}

/// Live nodes whose op satisfies `pred`.
pub fn nodes(mg: &MethodGraph, pred: impl Fn(&Op) -> bool) -> Vec<NodeId> {
    mg.graph
        .node_ids()
        .filter(|&n| pred(mg.graph.op(n)))
        .collect()
}

/// How many live nodes satisfy `pred`.
pub fn count(mg: &MethodGraph, pred: impl Fn(&Op) -> bool) -> usize {
    nodes(mg, pred).len()
}

/// The 1-based line of `source` that contains `marker`.
pub fn line_of(source: &str, marker: &str) -> u16 {
    let index = source
        .lines()
        .position(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("marker {marker} not in the source"));
    u16::try_from(index + 1).expect("short source")
}
