//! Tokens of Cg source text, the keywords the grammar uses, and the spec's list of reserved words.
//!
//! Only words that steer the grammar are [`Keyword`]s. Type names (`float4`, `sampler2D`, ...) stay
//! identifiers: the parser recognises them by their text (see `ast::TypeKind::builtin`), because the
//! spec defines them as predefined typedefs rather than keywords. Reserved words that the grammar
//! does not use (`goto`, `class`, ...) also lex as identifiers; [`is_cgc_keyword`] lets the
//! semantic checker reject the ones cgc refuses as declared names, and [`is_reserved_word`] lets it
//! warn about the rest of the spec's list.

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

/// The reserved words NVIDIA's cgc itself refuses as names (its grammar's keywords), matched
/// exactly. The spec reserves more (`texture`, `half`, `string`, ...), but cgc accepts those as
/// ordinary names and real shaders use them (`uniform sampler2D texture;`), so only these are
/// errors; the rest of the spec's list draws a portability warning.
const CGC_KEYWORDS: &[&str] = &[
    "asm_fragment",
    "bool",
    "break",
    "case",
    "char",
    "class",
    "column_major",
    "compile",
    "const",
    "continue",
    "default",
    "discard",
    "do",
    "else",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "in",
    "inline",
    "inout",
    "int",
    "interface",
    "namespace",
    "operator",
    "out",
    "packed",
    "register",
    "return",
    "row_major",
    "sampler_state",
    "short",
    "signed",
    "static",
    "struct",
    "switch",
    "template",
    "this",
    "typedef",
    "uniform",
    "unsigned",
    "void",
    "volatile",
    "while",
];

/// The cgc keywords it matches in any letter case (`ASM`, `Technique`); `float` is not one of
/// them there (`Float` is a valid name to cgc).
const CGC_KEYWORDS_ANY_CASE: &[&str] = &["asm", "decl", "pass", "technique"];

/// True for a word NVIDIA's cgc refuses as a declared name (the grammar's own keywords, such as
/// `varying`, never reach a name). Every such word is also [`is_reserved_word`].
pub fn is_cgc_keyword(word: &str) -> bool {
    CGC_KEYWORDS.contains(&word)
        || CGC_KEYWORDS_ANY_CASE
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
    fn cgc_keywords_are_a_subset_of_the_reserved_words() {
        for word in CGC_KEYWORDS.iter().chain(CGC_KEYWORDS_ANY_CASE) {
            assert!(is_reserved_word(word), "{word} is not in the spec list");
        }
        assert!(is_cgc_keyword("TECHNIQUE"));
        assert!(
            !is_cgc_keyword("texture"),
            "cgc accepts `texture` as a name"
        );
        assert!(!is_cgc_keyword("Float"), "cgc matches `float` exactly");
    }

    #[test]
    fn keywords_round_trip() {
        for word in ["struct", "interface", "discard", "switch", "inout"] {
            assert_eq!(Keyword::from_text(word).map(Keyword::as_str), Some(word));
        }
        assert_eq!(Keyword::from_text("float4"), None);
    }
}
