//! `IntStream.range(a, b).parallel().forEach(i -> …)` as a loop.
//!
//! The stream calls are recognised on the bytecode as they are parsed: `IntStream.range` and
//! `rangeClosed` give a placeholder value standing for the range, `parallel()` and `sequential()`
//! mark it, an `invokedynamic` whose bootstrap method is `LambdaMetafactory.metafactory` gives a
//! placeholder for the lambda (its body found through the BootstrapMethods attribute and the method
//! handle, not by the synthetic method's name; its captured values recorded), and `forEach` on a
//! range builds the loop `for (i = a; i < b; i++) body(captures…, i)` (`<=` for `rangeClosed`) with
//! the body inlined. A parallel range marks the loop's index as a parallel loop index, exactly like
//! `@Parallel`; a sequential one stays an ordinary loop.
//!
//! A lambda made in the kernel may also be called: its functional method (`f.applyAsInt(x)`) is
//! its implementation inlined with the captured values and the call's arguments, as the class
//! `LambdaMetafactory` spins would run it (a primitive result widened where the interface wants a
//! wider one). It may be passed to the program's own methods (inlined, with their calls on it), to
//! its interface's default methods (`andThen`, `negate`: inlined with the lambda as `this`, their
//! own lambdas capturing it) and to `Objects.requireNonNull`; a null test of it is decided (never
//! null). Placeholders are never used as values otherwise: a reference comparison with another
//! object, a type check, or passing it to other platform methods is refused where it happens.

use crate::builder::{Builder, Frame, Scope};
use crate::inline::CallKind;
use crate::BailoutKind;
use ferrocl_classfile::{Constant as CpConstant, MemberRef};
use ferrocl_graph::{BinaryOp, Condition, Constant, ConvTarget, NodeId, Op, Stamp};

const INT_STREAM: &str = "java/util/stream/IntStream";

/// A range of `int`s on its way to `forEach`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StreamInfo {
    lo: NodeId,
    hi: NodeId,
    closed: bool,
    parallel: bool,
}

/// A lambda or method reference: the method that implements it, the values it captured, and the
/// name of the interface method it implements.
#[derive(Clone, Debug)]
pub(crate) struct LambdaInfo {
    kind: u8,
    target: MemberRef,
    captures: Vec<NodeId>,
    pub(crate) method: String,
}

impl Builder<'_, '_> {
    fn placeholder(&mut self) -> Result<NodeId, crate::FrontendError> {
        self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])
    }

    /// Handles a call that belongs to an IntStream pipeline; `Ok(false)` for any other call.
    pub(crate) fn stream_call(
        &mut self,
        sc: &Scope<'_>,
        kind: CallKind,
        target: &MemberRef,
        args: &[NodeId],
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<bool, crate::FrontendError> {
        if target.class != INT_STREAM {
            // A lambda's functional method: `call` inlines its body (`lambda_call`). Another
            // method of its interface (`andThen`, `negate`) is inlined there too, below.
            if matches!(kind, CallKind::Interface | CallKind::Virtual)
                && args
                    .first()
                    .and_then(|a| self.lambdas.get(a))
                    .is_some_and(|l| l.method == target.name)
            {
                return Ok(false);
            }
            // A lambda may be passed to a method of the program's own (inlined, its calls on the
            // lambda handled here), to the functional interfaces' default methods, and to
            // `Objects.requireNonNull` (whose null test of it is decided); other platform methods
            // would take it for the null it stands for.
            let platform = ["java/", "javax/", "jdk/", "sun/"]
                .iter()
                .any(|p| target.class.starts_with(p))
                && !target.class.starts_with("java/util/function/")
                && !(target.class == "java/util/Objects" && target.name == "requireNonNull");
            if args
                .iter()
                .any(|a| self.streams.contains_key(a) || (platform && self.lambdas.contains_key(a)))
            {
                return self.bail(
                    BailoutKind::Parallelism,
                    format!(
                        "a stream or lambda passed to {}.{} is not supported",
                        target.class.replace('/', "."),
                        target.name
                    ),
                );
            }
            return Ok(false);
        }
        let stream = args.first().and_then(|a| self.streams.get(a)).copied();
        match (
            kind,
            target.name.as_str(),
            target.descriptor.as_str(),
            stream,
        ) {
            (CallKind::Static, "range" | "rangeClosed", "(II)Ljava/util/stream/IntStream;", _) => {
                let p = self.placeholder()?;
                self.streams.insert(
                    p,
                    StreamInfo {
                        lo: args[0],
                        hi: args[1],
                        closed: target.name == "rangeClosed",
                        parallel: false,
                    },
                );
                frame.stack.push(p);
            }
            (
                CallKind::Interface,
                "parallel" | "sequential",
                "()Ljava/util/stream/IntStream;",
                Some(s),
            ) => {
                let p = self.placeholder()?;
                self.streams.insert(
                    p,
                    StreamInfo {
                        parallel: target.name == "parallel",
                        ..s
                    },
                );
                frame.stack.push(p);
            }
            (
                CallKind::Interface,
                "forEach" | "forEachOrdered",
                "(Ljava/util/function/IntConsumer;)V",
                Some(s),
            ) => {
                let Some(lambda) = args.get(1).and_then(|a| self.lambdas.get(a)).cloned() else {
                    return self.bail(
                        BailoutKind::Parallelism,
                        "IntStream.forEach needs a lambda or method reference written at the call",
                    );
                };
                // forEachOrdered keeps the encounter order: a sequential loop.
                let parallel = s.parallel && target.name == "forEach";
                self.for_each(sc, s, parallel, &lambda, tail)?;
            }
            _ => {
                // A map, a filter or a terminal that combines (sum, max, reduce, ...): the two forms
                // that do compile say what to write instead.
                return self.bail(BailoutKind::Parallelism, format!(
                    "IntStream.{}{} is not supported: write IntStream.range(a, b).parallel().forEach(i -> ...), \
                     or, for a sum, a minimum or a maximum over the range, a @Parallel loop that combines into a \
                     @Reduce array",
                    target.name, target.descriptor
                ));
            }
        }
        Ok(true)
    }

    /// `invokedynamic`: a `LambdaMetafactory` lambda gives a placeholder; anything else bails out.
    pub(crate) fn invoke_dynamic(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
        frame: &mut Frame,
    ) -> Result<(), crate::FrontendError> {
        let indy = match sc.class.invoke_dynamic(index) {
            Ok(i) => i,
            Err(e) => return self.malformed(e.to_string()),
        };
        let Some(bootstrap) = sc.class.bootstrap_method(indy.bootstrap_method) else {
            return self.malformed("invokedynamic names a missing bootstrap method");
        };
        let is_lambda = bootstrap.method.class == "java/lang/invoke/LambdaMetafactory"
            && matches!(
                bootstrap.method.name.as_str(),
                "metafactory" | "altMetafactory"
            );
        if !is_lambda {
            return self.bail(BailoutKind::Parallelism, format!(
                "invokedynamic {} (bootstrap {}.{}) is not supported (only lambdas passed to IntStream.forEach are)",
                indy.name,
                bootstrap.method.class.replace('/', "."),
                bootstrap.method.name
            ));
        }
        // Static arguments: (erased signature, implementation method handle, instantiated signature).
        let Some(CpConstant::MethodHandle { kind, member }) = bootstrap.arguments.get(1).cloned()
        else {
            return self
                .malformed("LambdaMetafactory call site without an implementation method handle");
        };
        let Some(desc) = crate::parse_method_descriptor(&indy.descriptor) else {
            return self.malformed("bad invokedynamic descriptor");
        };
        let mut captures = Vec::with_capacity(desc.params.len());
        for _ in &desc.params {
            captures.push(self.pop(frame)?);
        }
        captures.reverse();
        let p = self.placeholder()?;
        self.lambdas.insert(
            p,
            LambdaInfo {
                kind,
                target: member,
                captures,
                method: indy.name.clone(),
            },
        );
        frame.stack.push(p);
        Ok(())
    }

    /// The kind of call a lambda's method handle makes (`REF_invokeStatic`, …); a constructor
    /// reference is refused.
    fn lambda_call_kind(&self, lambda: &LambdaInfo) -> Result<CallKind, crate::FrontendError> {
        match lambda.kind {
            6 => Ok(CallKind::Static),
            5 => Ok(CallKind::Virtual),
            7 => Ok(CallKind::Special),
            9 => Ok(CallKind::Interface),
            _ => self.bail(
                BailoutKind::Construct,
                format!(
                    "a constructor reference ({}::new) is not supported in a kernel",
                    lambda.target.class.replace('/', ".")
                ),
            ),
        }
    }

    /// A call of the functional method `target` (the caller checked its name) on a lambda made in
    /// the kernel: its implementation
    /// inlined with the captured values followed by the call's arguments, as the class
    /// `LambdaMetafactory` spins does. Implementations that adapt types (a method reference whose
    /// parameter or result types differ from the interface method's primitives) are refused.
    pub(crate) fn lambda_call(
        &mut self,
        sc: &Scope<'_>,
        lambda: &LambdaInfo,
        target: &MemberRef,
        args: &[NodeId],
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<(), crate::FrontendError> {
        let shown = format!(
            "{}.{}{}",
            lambda.target.class.replace('/', "."),
            lambda.target.name,
            lambda.target.descriptor
        );
        let kind = self.lambda_call_kind(lambda)?;
        let (Some(called), Some(implemented)) = (
            crate::parse_method_descriptor(&target.descriptor),
            crate::parse_method_descriptor(&lambda.target.descriptor),
        ) else {
            return self.malformed("a lambda call with a bad descriptor");
        };
        let mut all = lambda.captures.clone();
        all.extend_from_slice(args);
        let receiver = usize::from(kind != CallKind::Static);
        let primitive = |d: &str| Stamp::from_descriptor(d).filter(|s| s.is_primitive());
        let params_match =
            all.len() == implemented.params.len() + receiver
                && all.iter().skip(receiver).zip(&implemented.params).all(
                    |(&v, p)| match primitive(p) {
                        Some(want) => self.graph.stamp(v) == want,
                        None => !self.graph.stamp(v).is_primitive(),
                    },
                );
        let ret = crate::builder::return_stamp_of(&implemented.ret);
        let wanted = crate::builder::return_stamp_of(&called.ret);
        // JLS §5.1.2 widening of a primitive result (`IntToLongFunction f = Math::abs`).
        let widened = match (ret, wanted) {
            (Stamp::Int, Stamp::Long) => Some(ConvTarget::Long),
            (Stamp::Int | Stamp::Long, Stamp::Float) => Some(ConvTarget::Float),
            (Stamp::Int | Stamp::Long | Stamp::Float, Stamp::Double) => Some(ConvTarget::Double),
            _ => None,
        };
        let returns_match = wanted == Stamp::Void
            || ret == wanted
            || widened.is_some()
            || (!ret.is_primitive() && ret != Stamp::Void && !wanted.is_primitive());
        if !params_match || !returns_match {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "the lambda's implementation {shown} takes or returns other types than \
                     {}.{}{} (the lambda adapts them); not supported in a kernel",
                    target.class.replace('/', "."),
                    target.name,
                    target.descriptor
                ),
            );
        }
        let depth = frame.stack.len();
        self.call(sc, kind, &lambda.target, all, ret, frame, tail)?;
        if wanted == Stamp::Void && ret != Stamp::Void && frame.stack.len() > depth {
            frame.stack.pop();
        }
        if let (Some(to), Some(&v)) = (widened, frame.stack.last()) {
            if frame.stack.len() > depth && self.graph.stamp(v) == ret {
                frame.stack.pop();
                let w = self.add(
                    Op::Convert(ferrocl_graph::Conversion { from: ret, to }),
                    wanted,
                    vec![v],
                )?;
                frame.stack.push(w);
            }
        }
        Ok(())
    }

    /// Builds `for (i = lo; i < hi; i++) lambda(captures…, i)` after `*tail`.
    fn for_each(
        &mut self,
        sc: &Scope<'_>,
        s: StreamInfo,
        parallel: bool,
        lambda: &LambdaInfo,
        tail: &mut NodeId,
    ) -> Result<(), crate::FrontendError> {
        let kind = self.lambda_call_kind(lambda)?;
        let end = self.add(Op::End, Stamp::Void, vec![])?;
        self.append(*tail, end);
        let begin = self.add(Op::LoopBegin, Stamp::Void, vec![end])?;
        // A sequential `rangeClosed` counts in `long`: its last element may be `MAX_VALUE`, after
        // which an `int` counter would wrap and the loop never end (a parallel one is a
        // `@Parallel` loop, whose host-computed trip count ends it, see `LoopDim::stream`).
        let wide = s.closed && !parallel;
        let widen = |b: &mut Self, v: NodeId| {
            b.add(
                Op::Convert(ferrocl_graph::Conversion {
                    from: Stamp::Int,
                    to: ferrocl_graph::ConvTarget::Long,
                }),
                Stamp::Long,
                vec![v],
            )
        };
        let (counter, bound) = if wide {
            let lo = widen(self, s.lo)?;
            let hi = widen(self, s.hi)?;
            (self.add(Op::Phi, Stamp::Long, vec![begin, lo])?, hi)
        } else {
            (self.add(Op::Phi, Stamp::Int, vec![begin, s.lo])?, s.hi)
        };
        let index = if wide {
            self.add(
                Op::Convert(ferrocl_graph::Conversion {
                    from: Stamp::Long,
                    to: ferrocl_graph::ConvTarget::Int,
                }),
                Stamp::Int,
                vec![counter],
            )?
        } else {
            counter
        };
        let test = if s.closed {
            Condition::Le
        } else {
            Condition::Lt
        };
        let cmp = self.add(Op::Compare(test), Stamp::Bool, vec![counter, bound])?;
        let branch = self.add(Op::If, Stamp::Void, vec![cmp])?;
        self.append(begin, branch);
        let body = self.add(Op::Begin, Stamp::Void, vec![])?;
        let exit = self.add(Op::LoopExit, Stamp::Void, vec![begin])?;
        self.graph.set_successors(branch, vec![body, exit]);

        // The body: the implementation method with the captured values and the index. Its result,
        // if any, is dropped, as IntConsumer.accept does.
        let mut args = lambda.captures.clone();
        args.push(index);
        let ret = crate::descriptor::parse_method_descriptor(&lambda.target.descriptor)
            .map(|d| crate::builder::return_stamp_of(&d.ret))
            .unwrap_or(Stamp::Void);
        let mut scratch = Frame {
            locals: Vec::new(),
            stack: Vec::new(),
            fields: Vec::new(),
        };
        let mut t = body;
        self.call(sc, kind, &lambda.target, args, ret, &mut scratch, &mut t)?;
        let (one, stamp) = if wide {
            (self.constant(Constant::Long(1))?, Stamp::Long)
        } else {
            (self.constant(Constant::Int(1))?, Stamp::Int)
        };
        let next = self.add(Op::Binary(BinaryOp::Add), stamp, vec![counter, one])?;
        let back = self.add(Op::LoopEnd, Stamp::Void, vec![begin])?;
        self.append(t, back);
        self.graph.push_input(begin, back);
        self.graph.push_input(counter, next);
        if self.names.get(index).is_none() {
            self.names.set(index, Some("i".to_string()));
        }
        if parallel {
            self.parallel_phis.push(index);
        }
        *tail = exit;
        Ok(())
    }
}
