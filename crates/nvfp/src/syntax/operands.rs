//! Operand productions of section 3.11.3: `<maskedDstReg>`, `<ccMask>`, `<vectorSrc>` /
//! `<scalarSrc>`, and the constants of DEFINE / DECLARE (`<vectorConstant>`, `<scalarConstant>`).

use super::ast::{ConstValue, DstOperand, DstRegister, Ident, ScalarConst, SrcBase, SrcOperand};
use super::lexer::{Token, TokenKind};
use super::names::{looks_like_temp_register, temp_register};
use super::parser::{PResult, Parser};
use crate::isa::{limits, AttribReg, CcMask, CcRule, OperandKind, OutputReg, Swizzle, WriteMask};
use pigment_diag::Span;

/// A source operand's base with its own `<negate>` and suffix, before absolute value.
struct BaseSrc {
    base: SrcBase,
    negate: bool,
    swizzle: Option<Swizzle>,
    scalar_suffix: bool,
    base_span: Span,
    suffix_span: Option<Span>,
}

const SRC_SUFFIX: &str = "a swizzle of four components (`.xyzw`) or a scalar suffix (`.x`)";
const CC_SUFFIX: &str = "a condition-code swizzle of four components (`.xyzw`) or one (`.x`)";

impl<'a> Parser<'a> {
    // ---- destination --------------------------------------------------------------------------

    /// `<maskedDstReg>`: register, optional write mask, optional `(ccMask)`.
    pub fn masked_dst(&mut self) -> PResult<DstOperand> {
        let first = self.next();
        let register = self.dst_register(first)?;
        let register_span = self.span_from(first.span);
        let write_mask = match self.eat('.') {
            Some(dot) => self.write_mask(dot)?,
            None => WriteMask::ALL,
        };
        let cc_mask = match self.eat('(') {
            Some(_) => {
                let mask = self.cc_mask("inside `(`")?;
                self.expect(')', "to close the condition-code mask")?;
                Some(mask)
            }
            None => None,
        };
        Ok(DstOperand {
            register,
            register_span,
            write_mask,
            cc_mask,
            span: self.span_from(first.span),
        })
    }

    fn dst_register(&mut self, first: Token<'a>) -> PResult<DstRegister> {
        let bracket = self.peek().is_punct('[');
        let message = match (first.kind, first.text) {
            (TokenKind::Word, "RC") => return Ok(DstRegister::Rc),
            (TokenKind::Word, "HC") => return Ok(DstRegister::Hc),
            (TokenKind::Word, "o") if bracket => {
                return Ok(DstRegister::Output(self.output_reg()?))
            }
            (TokenKind::Word, "f") if bracket => {
                "fragment attribute registers `f[...]` are read-only and cannot be written"
                    .to_string()
            }
            (TokenKind::Word, text) => match temp_register(text) {
                Some(temp) => return Ok(DstRegister::Temp(temp)),
                None if looks_like_temp_register(text) => format!(
                    "unknown register `{text}`: the temporary registers are R0 to R31 and H0 to H63"
                ),
                None => destination_expected(&first),
            },
            _ => destination_expected(&first),
        };
        Err(self.error_at(first, message))
    }

    /// `[NAME]` of `o[NAME]`.
    fn output_reg(&mut self) -> PResult<OutputReg> {
        let name = self.open_bracket("after `o`")?;
        match OutputReg::from_name(name.text) {
            Some(reg) => self.close_bracket(name).map(|_| reg),
            None => {
                let message = format!(
                    "unknown output register {}: expected o[COLR], o[COLH] or o[DEPR]",
                    name.describe()
                );
                Err(self.error_at(name, message))
            }
        }
    }

    /// `[` and the token after it, which the caller checks before [`Self::close_bracket`].
    fn open_bracket(&mut self, context: &str) -> PResult<Token<'a>> {
        self.expect('[', context)?;
        Ok(self.next())
    }

    fn close_bracket(&mut self, inner: Token<'a>) -> PResult<()> {
        self.expect(']', &format!("after {}", inner.describe()))
            .map(|_| ())
    }

    /// `<optionalWriteMask>` after its `.`: components in xyzw order.
    fn write_mask(&mut self, dot: Token<'a>) -> PResult<WriteMask> {
        let word = self.next();
        if word.kind == TokenKind::Word {
            if let Some(mask) = parse_write_mask(word.text) {
                return Ok(mask);
            }
            let message = format!(
                "expected a write mask in xyzw order, found `.{}`",
                word.text
            );
            return Err(self.error(dot.span.to(word.span), message));
        }
        let message = format!(
            "expected a write mask in xyzw order after `.`, found {}",
            word.describe()
        );
        Err(self.error_at(word, message))
    }

    /// `<ccMask>`: a rule and an optional swizzle or scalar suffix.
    pub fn cc_mask(&mut self, context: &str) -> PResult<CcMask> {
        let rule_token = self.next();
        let rule = match rule_token.kind {
            TokenKind::Word => CcRule::from_name(rule_token.text),
            _ => None,
        };
        let Some(rule) = rule else {
            let message = format!(
                "expected a condition-code rule (EQ, GE, GT, LE, LT, NE, TR or FL) {context}, found {}",
                rule_token.describe()
            );
            return Err(self.error_at(rule_token, message));
        };
        let swizzle = match self.eat('.') {
            Some(dot) => self.swizzle_suffix(dot, CC_SUFFIX)?.0,
            None => Swizzle::IDENTITY,
        };
        Ok(CcMask { rule, swizzle })
    }

    /// The letters after a `.`: four components, or one (returned as a splat with `true`).
    fn swizzle_suffix(&mut self, dot: Token<'a>, expected: &str) -> PResult<(Swizzle, bool)> {
        let word = self.next();
        if word.kind != TokenKind::Word {
            let message = format!("expected {expected} after `.`, found {}", word.describe());
            return Err(self.error_at(word, message));
        }
        match components(word.text).as_deref() {
            Some(&[c]) => Ok((Swizzle::splat(c), true)),
            Some(&[a, b, c, d]) => Ok((Swizzle([a, b, c, d]), false)),
            _ => {
                let message = format!("expected {expected}, found `.{}`", word.text);
                Err(self.error(dot.span.to(word.span), message))
            }
        }
    }

    // ---- sources ------------------------------------------------------------------------------

    /// `<vectorSrc>` or `<scalarSrc>`: `[-] [| [-]] base [suffix] [|]`.
    pub fn src(&mut self, kind: OperandKind, opcode: &str) -> PResult<SrcOperand> {
        let start = self.peek().span;
        let outer_sign = self.sign();
        let (inner, absolute, negate_abs) = match self.eat('|') {
            Some(bar) => {
                let inner_sign = self.sign();
                let inner = self.base_src(inner_sign)?;
                if self.eat('|').is_none() {
                    let found = self.peek();
                    let message = format!(
                        "expected `|` to close the absolute value, found {}",
                        found.describe()
                    );
                    let opened = (bar.span, "the absolute value starts here");
                    return Err(self.error_with_label(found.span, message, opened));
                }
                (inner, true, outer_sign.is_some_and(|s| s.text == "-"))
            }
            None => (self.base_src(outer_sign)?, false, false),
        };
        if kind == OperandKind::Scalar {
            self.check_scalar(&inner, opcode)?;
        }
        Ok(SrcOperand {
            base: inner.base,
            negate_base: inner.negate,
            absolute,
            negate_abs,
            swizzle: inner.swizzle,
            scalar_suffix: inner.scalar_suffix,
            span: self.span_from(start),
        })
    }

    /// An optional `+` or `-` (`<negate>` / `<optionalSign>`).
    fn sign(&mut self) -> Option<Token<'a>> {
        self.eat('-').or_else(|| self.eat('+'))
    }

    /// `<baseVectorSrc>` / `<baseScalarSrc>`; `sign` is the `<negate>` (or the sign of a number).
    fn base_src(&mut self, sign: Option<Token<'a>>) -> PResult<BaseSrc> {
        let token = self.next();
        let negate = sign.is_some_and(|s| s.text == "-");
        let base = match (token.kind, token.text) {
            (TokenKind::Number, _) => return self.scalar_src(sign, token),
            (TokenKind::Punct('{'), _) => SrcBase::Vector(self.vector_constant(token)?.0),
            (TokenKind::Word, name) => self.word_src(token, name)?,
            _ => {
                let message = format!("expected a source operand, found {}", token.describe());
                return Err(self.error_at(token, message));
            }
        };
        let base_span = self.span_from(token.span);
        let (swizzle, scalar_suffix, suffix_span) = match self.eat('.') {
            Some(dot) => {
                let (swizzle, scalar) = self.swizzle_suffix(dot, SRC_SUFFIX)?;
                (Some(swizzle), scalar, Some(self.span_from(dot.span)))
            }
            None => (None, false, None),
        };
        Ok(BaseSrc {
            base,
            negate,
            swizzle,
            scalar_suffix,
            base_span,
            suffix_span,
        })
    }

    /// A `<signedScalarConstant>` operand: the sign belongs to the number; no suffix allowed.
    fn scalar_src(&mut self, sign: Option<Token<'a>>, number: Token<'a>) -> PResult<BaseSrc> {
        let (value, base_span) = self.number(sign, number)?;
        if let Some(dot) = self.eat('.') {
            let message = "a scalar constant takes no swizzle or component suffix".to_string();
            let end = self.peek();
            let span = if end.kind == TokenKind::Word {
                dot.span.to(end.span)
            } else {
                dot.span
            };
            return Err(self.error(span, message));
        }
        let base = SrcBase::Scalar(value);
        Ok(BaseSrc {
            base,
            negate: false,
            swizzle: None,
            scalar_suffix: false,
            base_span,
            suffix_span: None,
        })
    }

    /// A source operand starting with a word: `f[..]`, `p[..]`, a register or a name.
    fn word_src(&mut self, token: Token<'a>, name: &str) -> PResult<SrcBase> {
        let bracket = self.peek().is_punct('[');
        let message = match name {
            "f" if bracket => return Ok(SrcBase::Attrib(self.attrib_reg()?)),
            "p" if bracket => return Ok(SrcBase::Local(self.local_number()?)),
            "o" if bracket => {
                "output registers `o[...]` are write-only and cannot be read".to_string()
            }
            "RC" | "HC" => format!(
                "`{name}` is write-only: read the condition code through a condition-code mask \
                 such as `(NE.x)`"
            ),
            _ => {
                return Ok(match temp_register(name) {
                    Some(temp) => SrcBase::Temp(temp),
                    None => SrcBase::Named(Ident {
                        name: name.to_string(),
                        span: token.span,
                    }),
                })
            }
        };
        Err(self.error(token.span, message))
    }

    fn attrib_reg(&mut self) -> PResult<AttribReg> {
        let name = self.open_bracket("after `f`")?;
        match AttribReg::from_name(name.text) {
            Some(reg) => self.close_bracket(name).map(|_| reg),
            None => {
                let message = format!(
                    "unknown fragment attribute register {}: expected WPOS, COL0, COL1, FOGC or \
                     TEX0 to TEX7",
                    name.describe()
                );
                Err(self.error_at(name, message))
            }
        }
    }

    /// `[N]` of `p[N]`, N from 0 to MAX_FRAGMENT_PROGRAM_LOCAL_PARAMETERS_NV - 1 (`<localNumber>`).
    fn local_number(&mut self) -> PResult<u32> {
        let number = self.open_bracket("after `p`")?;
        let is_integer =
            number.kind == TokenKind::Number && number.text.bytes().all(|b| b.is_ascii_digit());
        let max = limits::MAX_LOCAL_PARAMETERS;
        let message = match number.text.parse::<u32>() {
            Ok(n) if is_integer && (n as usize) < max => {
                return self.close_bracket(number).map(|_| n)
            }
            _ if is_integer => format!(
                "`p[{}]` is out of range: the numbered local parameters are p[0] to p[{}]",
                number.text,
                max - 1
            ),
            _ => format!(
                "expected a parameter number from 0 to {} inside `p[...]`, found {}",
                max - 1,
                number.describe()
            ),
        };
        Err(self.error_at(number, message))
    }

    /// `<scalarSrc>` needs a scalar: a number, a bare name (a named scalar constant) or a `.x` suffix.
    fn check_scalar(&mut self, src: &BaseSrc, opcode: &str) -> PResult<()> {
        let bare_name = matches!(src.base, SrcBase::Named(_)) && src.swizzle.is_none();
        if matches!(src.base, SrcBase::Scalar(_)) || src.scalar_suffix || bare_name {
            return Ok(());
        }
        let (span, message) = match src.suffix_span {
            Some(span) => (
                span,
                format!(
                    "{opcode} takes a scalar operand here: use a one-component suffix such as `.x` \
                     instead of a four-component swizzle"
                ),
            ),
            None => (
                src.base_span,
                format!(
                    "{opcode} takes a scalar operand here: add a one-component suffix such as `.x`"
                ),
            ),
        };
        Err(self.error(span, message))
    }

    // ---- constants ----------------------------------------------------------------------------

    /// The value of DEFINE / DECLARE: `{...}`, a signed number, or a name (scalar or vector; the
    /// validator resolves which).
    pub fn constant_value(&mut self) -> PResult<ConstValue> {
        let token = self.peek();
        match token.kind {
            TokenKind::Punct('{') => {
                self.next();
                let (items, span) = self.vector_constant(token)?;
                Ok(ConstValue::Vector(items, span))
            }
            TokenKind::Word => {
                self.next();
                Ok(ConstValue::Named(Ident {
                    name: token.text.to_string(),
                    span: token.span,
                }))
            }
            _ => Ok(ConstValue::Scalar(self.scalar_constant()?)),
        }
    }

    /// `{ c [, c [, c [, c]]] }` after its `{`: one to four scalar constants.
    fn vector_constant(&mut self, open: Token<'a>) -> PResult<(Vec<ScalarConst>, Span)> {
        let mut items = vec![self.scalar_constant()?];
        while self.eat(',').is_some() {
            let item = self.scalar_constant()?;
            if items.len() == 4 {
                let message = "a vector constant has at most four components".to_string();
                return Err(self.error(scalar_const_span(&item), message));
            }
            items.push(item);
        }
        if self.eat('}').is_none() {
            let found = self.peek();
            let message = format!(
                "expected `,` or `}}` in the vector constant, found {}",
                found.describe()
            );
            return Err(self.error_at(found, message));
        }
        Ok((items, self.span_from(open.span)))
    }

    /// `<scalarConstant>`: a signed number or the name of a scalar constant.
    fn scalar_constant(&mut self) -> PResult<ScalarConst> {
        let sign = self.sign();
        let token = self.next();
        match token.kind {
            TokenKind::Number => {
                let (value, span) = self.number(sign, token)?;
                Ok(ScalarConst::Number(value, span))
            }
            TokenKind::Word if sign.is_none() => Ok(ScalarConst::Named(Ident {
                name: token.text.to_string(),
                span: token.span,
            })),
            _ => {
                let message = match sign {
                    Some(sign) => format!(
                        "expected a number after `{}`, found {} (a named constant cannot be negated here)",
                        sign.text,
                        token.describe()
                    ),
                    None => format!("expected a number or a constant name, found {}", token.describe()),
                };
                Err(self.error_at(token, message))
            }
        }
    }

    /// The value of a number token with its optional sign, and the span of both.
    fn number(&mut self, sign: Option<Token<'a>>, token: Token<'a>) -> PResult<(f32, Span)> {
        let span = sign.map_or(token.span, |s| s.span.to(token.span));
        let Ok(magnitude) = token.text.parse::<f32>() else {
            return Err(self.error(span, format!("`{}` is not a valid number", token.text)));
        };
        if magnitude.is_infinite() {
            let message = format!(
                "`{}` is too large for fp32 and becomes infinity",
                token.text
            );
            self.warning(span, message);
        }
        let negative = sign.is_some_and(|s| s.text == "-");
        Ok((if negative { -magnitude } else { magnitude }, span))
    }
}

fn destination_expected(found: &Token<'_>) -> String {
    format!(
        "expected a destination register (R0-R31, H0-H63, o[COLR], o[COLH], o[DEPR], RC or HC), \
         found {}",
        found.describe()
    )
}

fn scalar_const_span(item: &ScalarConst) -> Span {
    match item {
        ScalarConst::Number(_, span) => *span,
        ScalarConst::Named(ident) => ident.span,
    }
}

/// Component indices (x=0 .. w=3) of a word made only of `x`, `y`, `z`, `w`.
fn components(word: &str) -> Option<Vec<u8>> {
    word.chars()
        .map(|c| match c {
            'x' => Some(0),
            'y' => Some(1),
            'z' => Some(2),
            'w' => Some(3),
            _ => None,
        })
        .collect()
}

/// A non-empty write mask with components in strictly increasing xyzw order.
fn parse_write_mask(word: &str) -> Option<WriteMask> {
    let components = components(word)?;
    let increasing = components.windows(2).all(|pair| pair[0] < pair[1]);
    if components.is_empty() || !increasing {
        return None;
    }
    Some(WriteMask(
        components.iter().fold(0, |mask, &c| mask | 1 << c),
    ))
}
