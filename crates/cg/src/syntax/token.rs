//! Tokens of Cg source text, the keywords the grammar uses, and the spec's list of reserved words.
//!
//! Only words that steer the grammar are [`Keyword`]s. Type names (`float4`, `sampler2D`, ...) stay
//! identifiers: the parser recognises them by their text (see `ast::TypeKind::builtin`), because the
//! spec defines them as predefined typedefs rather than keywords. Reserved words that the grammar
//! does not use (`goto`, `class`, ...) also lex as identifiers; [`is_reserved_word`] lets the
//! semantic checker reject them as declared names.

use pigment_diag::Span;

/// One token: what it is and where it is. Its text is `&source[span.range()]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
    /// True when a newline separates this token from the previous one (or it is the first token).
    /// Error recovery uses it: a declaration keyword at the start of a line is a good place to resume.
    pub line_start: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    Ident,
    Keyword(Keyword),
    /// An integer literal: digits with no `.` and no exponent (any suffix).
    Int,
    /// A floating literal: digits with a `.` or an exponent (any suffix).
    Float,
    /// A double-quoted string (used by annotations).
    String,
    Punct(Punct),
    /// A character no Cg token starts with; the lexer has already reported it.
    Unknown,
    Eof,
}

macro_rules! keywords {
    ($($variant:ident = $text:literal,)*) => {
        /// The words that steer Cg's grammar.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Keyword { $($variant,)* }

        impl Keyword {
            pub fn from_text(text: &str) -> Option<Keyword> {
                match text { $($text => Some(Keyword::$variant),)* _ => None }
            }

            pub fn as_str(self) -> &'static str {
                match self { $(Keyword::$variant => $text,)* }
            }
        }
    };
}

keywords! {
    Asm = "asm",
    Break = "break",
    Case = "case",
    Const = "const",
    Continue = "continue",
    Default = "default",
    Discard = "discard",
    Do = "do",
    Else = "else",
    Extern = "extern",
    False = "false",
    For = "for",
    If = "if",
    In = "in",
    Inline = "inline",
    Inout = "inout",
    Interface = "interface",
    Out = "out",
    Packed = "packed",
    Return = "return",
    Static = "static",
    Struct = "struct",
    Switch = "switch",
    True = "true",
    Typedef = "typedef",
    Uniform = "uniform",
    Varying = "varying",
    Void = "void",
    While = "while",
}

macro_rules! puncts {
    ($($variant:ident = $text:literal,)*) => {
        /// Operators and separators. Listed longest first within each family so that the lexer's
        /// longest-match search can walk the table in order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Punct { $($variant,)* }

        impl Punct {
            /// Every punctuator, longest spellings first.
            pub const ALL: &'static [Punct] = &[$(Punct::$variant,)*];

            pub fn as_str(self) -> &'static str {
                match self { $(Punct::$variant => $text,)* }
            }
        }
    };
}

puncts! {
    ShlEq = "<<=",
    ShrEq = ">>=",
    Arrow = "->",
    PlusPlus = "++",
    MinusMinus = "--",
    PlusEq = "+=",
    MinusEq = "-=",
    StarEq = "*=",
    SlashEq = "/=",
    PercentEq = "%=",
    AmpEq = "&=",
    PipeEq = "|=",
    CaretEq = "^=",
    EqEq = "==",
    NotEq = "!=",
    LtEq = "<=",
    GtEq = ">=",
    Shl = "<<",
    Shr = ">>",
    AmpAmp = "&&",
    PipePipe = "||",
    ColonColon = "::",
    LParen = "(",
    RParen = ")",
    LBracket = "[",
    RBracket = "]",
    LBrace = "{",
    RBrace = "}",
    Semi = ";",
    Comma = ",",
    Dot = ".",
    Colon = ":",
    Question = "?",
    Plus = "+",
    Minus = "-",
    Star = "*",
    Slash = "/",
    Percent = "%",
    Eq = "=",
    Lt = "<",
    Gt = ">",
    Amp = "&",
    Pipe = "|",
    Caret = "^",
    Bang = "!",
    Tilde = "~",
    Hash = "#",
}

/// The spec's reserved words ("Reserved Words" section) that are matched exactly.
const RESERVED: &[&str] = &[
    "asm_fragment",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "column_major",
    "compile",
    "const",
    "const_cast",
    "continue",
    "default",
    "delete",
    "discard",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "emit",
    "enum",
    "explicit",
    "extern",
    "false",
    "fixed",
    "for",
    "friend",
    "get",
    "goto",
    "half",
    "if",
    "in",
    "inline",
    "inout",
    "int",
    "interface",
    "long",
    "mutable",
    "namespace",
    "new",
    "operator",
    "out",
    "packed",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "return",
    "row_major",
    "sampler",
    "sampler_state",
    "sampler1D",
    "sampler2D",
    "sampler3D",
    "samplerCUBE",
    "shared",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_cast",
    "struct",
    "switch",
    "template",
    "texture1D",
    "texture2D",
    "texture3D",
    "textureCUBE",
    "textureRECT",
    "this",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "uniform",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "while",
];

/// The reserved words the spec marks with `*`: reserved in any letter case (`ASM`, `Float`, ...).
const RESERVED_ANY_CASE: &[&str] = &[
    "asm",
    "decl",
    "dword",
    "float",
    "matrix",
    "pass",
    "pixelfragment",
    "pixelshader",
    "string",
    "technique",
    "texture",
    "vector",
    "vertexfragment",
    "vertexshader",
];

/// True for a word the spec reserves: its list, the `*` words in any case, and any identifier that
/// starts with two underscores. The parser accepts reserved words it has no use for as ordinary
/// identifiers; the checker rejects them where a name is declared.
pub fn is_reserved_word(word: &str) -> bool {
    word.starts_with("__")
        || RESERVED.contains(&word)
        || RESERVED_ANY_CASE
            .iter()
            .any(|r| r.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punctuators_are_listed_longest_first() {
        // The lexer takes the first table entry that matches, so no entry may be a prefix of a
        // later, longer one.
        for (i, a) in Punct::ALL.iter().enumerate() {
            for b in &Punct::ALL[i + 1..] {
                assert!(
                    !(b.as_str().starts_with(a.as_str()) && b.as_str().len() > a.as_str().len()),
                    "{} is listed before {}",
                    a.as_str(),
                    b.as_str()
                );
            }
        }
    }

    #[test]
    fn reserved_words_follow_the_spec_list() {
        assert!(is_reserved_word("goto"));
        assert!(is_reserved_word("class"));
        assert!(is_reserved_word("__anything"));
        assert!(is_reserved_word("FLOAT"), "float* is reserved in any case");
        assert!(is_reserved_word("Technique"));
        assert!(
            !is_reserved_word("Sampler2D"),
            "sampler2D has no *, so only its exact spelling"
        );
        assert!(!is_reserved_word("color"));
        assert!(!is_reserved_word("_x"));
    }

    #[test]
    fn keywords_round_trip() {
        for word in ["struct", "interface", "discard", "switch", "inout"] {
            assert_eq!(Keyword::from_text(word).map(Keyword::as_str), Some(word));
        }
        assert_eq!(Keyword::from_text("float4"), None);
    }
}
