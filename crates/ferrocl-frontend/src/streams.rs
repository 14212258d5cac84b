//! `IntStream.range(a, b).parallel().forEach(i -> …)` as a loop.
//!
//! The stream calls are recognised on the bytecode as they are parsed: `IntStream.range` and
//! `rangeClosed` give a placeholder value standing for the range, `parallel()` and `sequential()`
//! mark it, an `invokedynamic` whose bootstrap method is `LambdaMetafactory.metafactory` gives a
//! placeholder for the lambda (its body found through the BootstrapMethods attribute and the method
//! handle, not by the synthetic method's name; its captured values recorded), and `forEach` on a
//! range builds the loop `for (i = a; i < b; i++) body(captures…, i)` (`<=` for `rangeClosed`) with
//! the body inlined. A parallel range marks the loop's index as a parallel loop index, exactly like
//! `@Parallel`; a sequential one stays an ordinary loop. Placeholders are never used as values: any
//! other use of a stream or lambda is refused where it happens.

use crate::builder::{Builder, Frame, Scope};
use crate::inline::CallKind;
use crate::BailoutKind;
use ferrocl_classfile::{Constant as CpConstant, MemberRef};
use ferrocl_graph::{BinaryOp, Condition, Constant, NodeId, Op, Stamp};

const INT_STREAM: &str = "java/util/stream/IntStream";

/// A range of `int`s on its way to `forEach`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StreamInfo {
    lo: NodeId,
    hi: NodeId,
    closed: bool,
    parallel: bool,
}

/// A lambda or method reference: the method that implements it and the values it captured.
#[derive(Clone, Debug)]
pub(crate) struct LambdaInfo {
    kind: u8,
    target: MemberRef,
    captures: Vec<NodeId>,
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
            if args
                .iter()
                .any(|a| self.streams.contains_key(a) || self.lambdas.contains_key(a))
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
        match (kind, target.name.as_str(), target.descriptor.as_str(), stream) {
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
            (CallKind::Interface, "parallel" | "sequential", "()Ljava/util/stream/IntStream;", Some(s)) => {
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
                    return self.bail(BailoutKind::Parallelism, "IntStream.forEach needs a lambda or method reference written at the call");
                };
                // forEachOrdered keeps the encounter order: a sequential loop.
                let parallel = s.parallel && target.name == "forEach";
                self.for_each(sc, s, parallel, &lambda, tail)?;
            }
            _ => {
                return self.bail(BailoutKind::Parallelism, format!(
                    "IntStream.{}{} is not supported: write IntStream.range(a, b).parallel().forEach(i -> ...)",
                    target.name, target.descriptor
                ))
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
            },
        );
        frame.stack.push(p);
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
        let kind = match lambda.kind {
            6 => CallKind::Static,
            5 => CallKind::Virtual,
            7 => CallKind::Special,
            9 => CallKind::Interface,
            _ => {
                return self.bail(
                    BailoutKind::Parallelism,
                    format!(
                        "a constructor reference ({}::new) as a loop body is not supported",
                        lambda.target.class.replace('/', ".")
                    ),
                )
            }
        };
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
