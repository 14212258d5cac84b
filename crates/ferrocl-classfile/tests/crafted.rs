//! Hand-assembled class files: the refusals promised by the crate docs, error
//! messages, and constant-pool tags javac rarely emits.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use ferrocl_classfile::{parse, ClassFileError, Constant, Op};

/// A constant-pool builder.
#[derive(Default)]
struct Cp {
    bytes: Vec<u8>,
    next: u16,
}

impl Cp {
    fn new() -> Self {
        Cp {
            bytes: Vec::new(),
            next: 1,
        }
    }
    fn raw(&mut self, tag: u8, payload: &[u8]) -> u16 {
        self.bytes.push(tag);
        self.bytes.extend_from_slice(payload);
        let i = self.next;
        self.next += if tag == 5 || tag == 6 { 2 } else { 1 };
        i
    }
    fn utf8(&mut self, s: &str) -> u16 {
        let mut p = (s.len() as u16).to_be_bytes().to_vec();
        p.extend_from_slice(s.as_bytes());
        self.raw(1, &p)
    }
    fn idx(&mut self, tag: u8, a: u16) -> u16 {
        self.raw(tag, &a.to_be_bytes())
    }
    fn idx2(&mut self, tag: u8, a: u16, b: u16) -> u16 {
        let mut p = a.to_be_bytes().to_vec();
        p.extend_from_slice(&b.to_be_bytes());
        self.raw(tag, &p)
    }
    fn class(&mut self, name: &str) -> u16 {
        let n = self.utf8(name);
        self.idx(7, n)
    }
    fn nat(&mut self, name: &str, desc: &str) -> u16 {
        let n = self.utf8(name);
        let d = self.utf8(desc);
        self.idx2(12, n, d)
    }
    fn member(&mut self, tag: u8, class: &str, name: &str, desc: &str) -> u16 {
        let c = self.class(class);
        let nt = self.nat(name, desc);
        self.idx2(tag, c, nt)
    }
}

fn u2(v: u16) -> [u8; 2] {
    v.to_be_bytes()
}

fn attr(cp: &mut Cp, name: &str, body: &[u8]) -> Vec<u8> {
    let mut a = u2(cp.utf8(name)).to_vec();
    a.extend_from_slice(&(body.len() as u32).to_be_bytes());
    a.extend_from_slice(body);
    a
}

/// A `Code` attribute with no exception handlers and the given sub-attributes.
fn code_attr(
    cp: &mut Cp,
    max_locals: u16,
    code: &[u8],
    handlers: &[[u16; 4]],
    attrs: &[Vec<u8>],
) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(&u2(8));
    b.extend_from_slice(&u2(max_locals));
    b.extend_from_slice(&(code.len() as u32).to_be_bytes());
    b.extend_from_slice(code);
    b.extend_from_slice(&u2(handlers.len() as u16));
    for h in handlers {
        for v in h {
            b.extend_from_slice(&u2(*v));
        }
    }
    b.extend_from_slice(&u2(attrs.len() as u16));
    for a in attrs {
        b.extend_from_slice(a);
    }
    attr(cp, "Code", &b)
}

struct MethodSpec {
    name: u16,
    desc: u16,
    access: u16,
    attrs: Vec<Vec<u8>>,
}

fn class_file(
    major: u16,
    cp: &Cp,
    this: u16,
    methods: &[MethodSpec],
    class_attrs: &[Vec<u8>],
) -> Vec<u8> {
    let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0];
    b.extend_from_slice(&u2(major));
    b.extend_from_slice(&u2(cp.next));
    b.extend_from_slice(&cp.bytes);
    b.extend_from_slice(&u2(0x0021)); // public super
    b.extend_from_slice(&u2(this));
    b.extend_from_slice(&u2(0)); // no super (like java/lang/Object)
    b.extend_from_slice(&u2(0)); // interfaces
    b.extend_from_slice(&u2(0)); // fields
    b.extend_from_slice(&u2(methods.len() as u16));
    for m in methods {
        b.extend_from_slice(&u2(m.access));
        b.extend_from_slice(&u2(m.name));
        b.extend_from_slice(&u2(m.desc));
        b.extend_from_slice(&u2(m.attrs.len() as u16));
        for a in &m.attrs {
            b.extend_from_slice(a);
        }
    }
    b.extend_from_slice(&u2(class_attrs.len() as u16));
    for a in class_attrs {
        b.extend_from_slice(a);
    }
    b
}

/// A class `t/T` with one static method `m()V` whose code is `code`.
fn with_code(code: &[u8], max_locals: u16, setup: impl FnOnce(&mut Cp)) -> Vec<u8> {
    with_code_handlers(code, max_locals, &[], setup)
}

fn with_code_handlers(
    code: &[u8],
    max_locals: u16,
    handlers: &[[u16; 4]],
    setup: impl FnOnce(&mut Cp),
) -> Vec<u8> {
    let mut cp = Cp::new();
    let this = cp.class("t/T");
    setup(&mut cp);
    let name = cp.utf8("m");
    let desc = cp.utf8("()V");
    let code = code_attr(&mut cp, max_locals, code, handlers, &[]);
    class_file(
        61,
        &cp,
        this,
        &[MethodSpec {
            name,
            desc,
            access: 0x0009,
            attrs: vec![code],
        }],
        &[],
    )
}

fn err(bytes: &[u8]) -> ClassFileError {
    match parse(bytes) {
        Ok(cf) => panic!("expected an error, parsed {}", cf.name),
        Err(e) => e,
    }
}

#[test]
fn minimal_class_parses() {
    let bytes = with_code(&[0xb1], 0, |_| {});
    let cf = parse(&bytes).expect("parses");
    assert_eq!(cf.name, "t/T");
    assert_eq!(cf.super_name, None);
    let m = cf.method("m", "()V").expect("m");
    assert!(m.is_static());
    assert_eq!(m.code.as_ref().map(|c| c.instructions.len()), Some(1));
}

#[test]
fn header_refusals() {
    let good = with_code(&[0xb1], 0, |_| {});
    let mut b = good.clone();
    b[0] = 0xCB;
    let e = err(&b);
    assert_eq!(
        e.to_string(),
        "malformed class file: bad magic 0xcbfebabe (expected 0xcafebabe) (at offset 0x0)"
    );
    for (major, minor) in [(44u16, 0u16), (70, 0), (45, 2), (0xFFFF, 0)] {
        let mut b = good.clone();
        b[4..6].copy_from_slice(&minor.to_be_bytes());
        b[6..8].copy_from_slice(&major.to_be_bytes());
        assert_eq!(
            err(&b),
            ClassFileError::UnsupportedVersion { major, minor },
            "{major}.{minor}"
        );
    }
    for (major, minor) in [(45u16, 3u16), (52, 0), (69, 0), (69, 0xFFFF)] {
        let mut b = good.clone();
        b[4..6].copy_from_slice(&minor.to_be_bytes());
        b[6..8].copy_from_slice(&major.to_be_bytes());
        assert!(parse(&b).is_ok(), "{major}.{minor}");
    }
    // Trailing bytes name the class.
    let mut b = good.clone();
    b.push(0);
    let e = err(&b);
    assert!(
        e.to_string()
            .starts_with("malformed class file t/T: 1 unexpected trailing byte(s)"),
        "{e}"
    );
    assert_eq!(e.class(), Some("t/T"));
    // Truncated constant pool: no class name yet, offset given.
    let e = err(&good[..14]);
    assert!(
        e.to_string()
            .starts_with("malformed class file: truncated constant pool ("),
        "{e}"
    );
    // Pool: "t/T" (6 bytes), Class (3), "m" (4), "()V" (6), "Code" (7); cut in "Code".
    let e = err(&good[..10 + 6 + 3 + 4 + 6 + 4]);
    assert_eq!(
        e.to_string(),
        "malformed class file: truncated constant pool (at offset 0x20)"
    );
    // A huge constant_pool_count is refused without allocating for it.
    let mut b = good[..10].to_vec();
    b[8..10].copy_from_slice(&u2(0xFFFF));
    let e = err(&b);
    assert!(
        e.to_string()
            .contains("65534 constant pool entries cannot fit"),
        "{e}"
    );
    assert!(parse(&[]).is_err());
}

#[test]
fn bytecode_refusals_name_class_and_method() {
    let e = err(&with_code(&[0xca], 0, |_| {}));
    assert_eq!(
        e.to_string(),
        "bad bytecode in t/T.m()V at bci 0: reserved opcode 0xca (breakpoint)"
    );
    for op in [0xcbu8, 0xd0, 0xfd, 0xfe, 0xff] {
        assert!(matches!(
            err(&with_code(&[0x00, op], 0, |_| {})),
            ClassFileError::BadBytecode { bci: 1, .. }
        ));
    }
    // goto into the middle of sipush
    let e = err(&with_code(&[0x11, 0, 0, 0xa7, 0xff, 0xfe], 0, |_| {}));
    assert!(
        matches!(e, ClassFileError::BadBytecode { bci: 3, .. }),
        "{e}"
    );
    // falls off into a truncated instruction
    assert!(matches!(
        err(&with_code(&[0x00, 0x11, 0], 0, |_| {})),
        ClassFileError::BadBytecode { .. }
    ));
    // local index beyond max_locals
    let e = err(&with_code(&[0x15, 3, 0xb1], 3, |_| {}));
    assert!(e.to_string().contains("max_locals"), "{e}");
    assert!(parse(&with_code(&[0x15, 2, 0xb1], 3, |_| {})).is_ok());
    // lload needs two slots
    assert!(parse(&with_code(&[0x16, 2, 0xb1], 3, |_| {})).is_err());
}

#[test]
fn operand_kinds_are_checked() {
    let mut mref = 0;
    let mut fref = 0;
    let mut long = 0;
    let mut int = 0;
    let setup = |cp: &mut Cp, mref: &mut u16, fref: &mut u16, long: &mut u16, int: &mut u16| {
        *mref = cp.member(10, "t/T", "m", "()V");
        *fref = cp.member(9, "t/T", "f", "I");
        *long = cp.raw(5, &7i64.to_be_bytes());
        *int = cp.raw(3, &7i32.to_be_bytes());
    };
    // Dry run to learn the indices (deterministic builder).
    let _ = with_code(&[0xb1], 0, |cp| {
        setup(cp, &mut mref, &mut fref, &mut long, &mut int)
    });
    let [m1, m2] = mref.to_be_bytes();
    let [f1, f2] = fref.to_be_bytes();
    let [l1, l2] = long.to_be_bytes();
    let build = |code: &[u8]| {
        let (mut a, mut b, mut c, mut d) = (0, 0, 0, 0);
        with_code(code, 0, |cp| setup(cp, &mut a, &mut b, &mut c, &mut d))
    };
    // getstatic of a Methodref
    let e = err(&build(&[0xb2, m1, m2, 0xb1]));
    assert!(e.to_string().contains("not a CONSTANT_Fieldref"), "{e}");
    assert!(parse(&build(&[0xb2, f1, f2, 0x57, 0xb1])).is_ok());
    // invokevirtual of a Fieldref
    assert!(parse(&build(&[0xb6, f1, f2, 0xb1])).is_err());
    // invokeinterface of a Methodref
    assert!(parse(&build(&[0xb9, m1, m2, 1, 0, 0xb1])).is_err());
    // ldc of a long, ldc2_w of an int
    assert!(parse(&build(&[0x13, l1, l2, 0xb1])).is_err());
    assert!(parse(&build(&[0x14, 0, int as u8, 0xb1])).is_err());
    let ok = parse(&build(&[0x14, l1, l2, 0x58, 0xb1])).expect("ldc2_w long");
    let code = ok.methods[0].code.as_ref().expect("code");
    assert_eq!(code.instructions[0].op, Op::Ldc(long));
    assert_eq!(ok.constant(long), Ok(Constant::Long(7)));
    // new of a non-class
    assert!(parse(&build(&[0xbb, f1, f2, 0x57, 0xb1])).is_err());
}

#[test]
fn exception_handlers_are_checked() {
    // nop; nop; return   handlers [start, end, handler, catch_type]
    let code = [0x00, 0x00, 0xb1];
    assert!(parse(&with_code_handlers(&code, 0, &[[0, 2, 2, 0]], |_| {})).is_ok());
    assert!(parse(&with_code_handlers(&code, 0, &[[0, 3, 2, 0]], |_| {})).is_ok());
    for bad in [
        [1, 1, 2, 0],
        [0, 4, 2, 0],
        [0, 2, 3, 0],
        [2, 0, 2, 0],
        [0, 2, 2, 1000],
    ] {
        assert!(
            parse(&with_code_handlers(&code, 0, &[bad], |_| {})).is_err(),
            "{bad:?}"
        );
    }
}

#[test]
fn dynamic_module_and_package_constants() {
    // A class whose pool holds Module, Package and a Dynamic constant loaded
    // by ldc, with the BootstrapMethods attribute it needs.
    let mut cp = Cp::new();
    let this = cp.class("t/T");
    let mname = cp.utf8("my.module");
    cp.idx(19, mname);
    let pname = cp.utf8("t");
    cp.idx(20, pname);
    let bsm_ref = cp.member(
        10,
        "java/lang/invoke/ConstantBootstraps",
        "nullConstant",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;",
    );
    let handle = cp.raw(15, &[6, (bsm_ref >> 8) as u8, bsm_ref as u8]);
    let nat = cp.nat("_", "Ljava/lang/Object;");
    let condy = cp.idx2(17, 0, nat);
    let name = cp.utf8("m");
    let desc = cp.utf8("()Ljava/lang/Object;");
    let code = code_attr(
        &mut cp,
        0,
        &[0x13, (condy >> 8) as u8, condy as u8, 0xb0],
        &[],
        &[],
    );
    let mut bsm_body = u2(1).to_vec();
    bsm_body.extend_from_slice(&u2(handle));
    bsm_body.extend_from_slice(&u2(0));
    let bsms = attr(&mut cp, "BootstrapMethods", &bsm_body);
    let method = MethodSpec {
        name,
        desc,
        access: 0x0009,
        attrs: vec![code],
    };
    let bytes = class_file(
        69,
        &cp,
        this,
        std::slice::from_ref(&method),
        std::slice::from_ref(&bsms),
    );
    let cf = parse(&bytes).expect("parses");
    assert_eq!(
        cf.constant(condy),
        Ok(Constant::Dynamic {
            bootstrap: 0,
            name: "_".into(),
            descriptor: "Ljava/lang/Object;".into()
        })
    );
    assert_eq!(cf.bootstrap_methods().len(), 1);
    assert_eq!(cf.bootstrap_methods()[0].method.name, "nullConstant");
    assert_eq!(cf.bootstrap_methods()[0].kind, 6);
    // Without the BootstrapMethods attribute the Dynamic entry dangles.
    let bytes = class_file(69, &cp, this, std::slice::from_ref(&method), &[]);
    let e = err(&bytes);
    assert!(e.to_string().contains("bootstrap method 0"), "{e}");
}

#[test]
fn deep_annotation_nesting_is_refused_not_overflowed() {
    let mut cp = Cp::new();
    let this = cp.class("t/T");
    let ty = cp.utf8("La;");
    let elem = cp.utf8("v");
    // annotation { type, 1 pair: v = @annotation { ... } } nested 100_000 deep
    let depth = 100_000;
    let mut body = u2(1).to_vec(); // num_annotations
    for _ in 0..depth {
        body.extend_from_slice(&u2(ty));
        body.extend_from_slice(&u2(1));
        body.extend_from_slice(&u2(elem));
        body.push(b'@');
    }
    body.extend_from_slice(&u2(ty));
    body.extend_from_slice(&u2(0));
    let a = attr(&mut cp, "RuntimeVisibleAnnotations", &body);
    let e = err(&class_file(61, &cp, this, &[], &[a]));
    assert!(e.to_string().contains("nesting too deep"), "{e}");
    // A shallow one is fine.
    let mut cp = Cp::new();
    let this = cp.class("t/T");
    let ty = cp.utf8("La;");
    let mut body = u2(1).to_vec();
    body.extend_from_slice(&u2(ty));
    body.extend_from_slice(&u2(0));
    let a = attr(&mut cp, "RuntimeVisibleAnnotations", &body);
    let cf = parse(&class_file(61, &cp, this, &[], &[a])).expect("parses");
    assert_eq!(cf.annotations, vec!["La;".to_owned()]);
}

#[test]
fn constant_pool_refusals() {
    let build = |f: &dyn Fn(&mut Cp) -> u16| {
        let mut cp = Cp::new();
        let this = f(&mut cp);
        class_file(61, &cp, this, &[], &[])
    };
    // unknown tag
    let e = err(&build(&|cp| {
        cp.raw(2, &[0, 0]);
        cp.class("t/T")
    }));
    assert!(e.to_string().contains("unknown tag 2"), "{e}");
    // Class pointing at an Integer
    let e = err(&build(&|cp| {
        let i = cp.raw(3, &[0, 0, 0, 1]);
        cp.idx(7, i)
    }));
    assert!(
        e.to_string().contains("does not reference a CONSTANT_Utf8"),
        "{e}"
    );
    // this_class not a Class
    let e = err(&build(&|cp| cp.utf8("t/T")));
    assert!(e.to_string().contains("this_class"), "{e}");
    // Methodref with a field descriptor
    let e = err(&build(&|cp| {
        cp.member(10, "t/T", "x", "I");
        cp.class("t/T")
    }));
    assert!(e.to_string().contains("invalid descriptor"), "{e}");
    // method handle kind 5 (invokeVirtual) on a Fieldref
    let e = err(&build(&|cp| {
        let f = cp.member(9, "t/T", "x", "I");
        cp.raw(15, &[5, (f >> 8) as u8, f as u8]);
        cp.class("t/T")
    }));
    assert!(e.to_string().contains("method handle of kind 5"), "{e}");
    // invalid modified UTF-8 (raw NUL byte)
    let e = err(&build(&|cp| {
        cp.raw(1, &[0, 1, 0]);
        cp.class("t/T")
    }));
    assert!(e.to_string().contains("modified UTF-8"), "{e}");
    // Long in the last slot
    let mut cp = Cp::new();
    let this = cp.class("t/T");
    cp.raw(5, &[0; 8]);
    let mut b = class_file(61, &cp, this, &[], &[]);
    b[8..10].copy_from_slice(&u2(cp.next - 1));
    assert!(err(&b).to_string().contains("last slot"));
}
