// What JavaScript says about a corpus of `pattern`s: for each, whether `new RegExp(p, "u")`
// and `new RegExp(p, "v")` compile, and for each test string whether each matches.
// tests/tests/pattern_ecma.rs holds elicit's pattern engine to these verdicts.
//
//   node scripts/pattern-corpus/generate.mjs [output]
//
// Writes tests/fixtures/patterns/ecma-verdicts.json unless given another path. Regex
// engines differ across Node versions (flags, Unicode tables), so the fixture is Node 20's.

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const major = Number(process.versions.node.split(".")[0]);
if (major !== 20) {
  console.error(`generate.mjs needs Node 20 (the fixture is Node 20's verdicts), not ${process.versions.node}`);
  process.exit(1);
}

const r = String.raw;

// Every pattern is tried against every one of these.
const strings = [
  "", "a", "b", "z", "A", "Z", "abc", "ABC", "aBc", "Ab", "abc123", "123", "0", "9", "a1", "_",
  "a-b", "a_b", "a b", "a.b", "aa", "aaa", "aaaa", "abab", "hello world", "foo@example.com",
  "2024-01-31", " ", "\t", "\n", "\r", "\r\n", "\v", "\f", "\0", "\b", "\u0001", "ab\n", "\nab",
  "\u00a0", "\u1680", "\u180e", "\u2000", "\u200a", "\u200b", "\u2028", "\u2029", "\u202f",
  "\u205f", "\u3000", "\ufeff", "\u0085", "a\u00a0b", "a\u2028b", "a\rb",
  "é", "ÿ", "\u017f", "\u212a", "\uff41", "\u0661", "é1",
  "😀", "a😀b", "😀😀", "\u{10ffff}", "\u{1d7d8}", "\u{10000}",
  "-", "^", "$", ".", "*", "+", "?", "[", "]", "{", "}", "(", ")", "|", "/", "\\", "&", "!", "~",
];

// Each entry: the pattern, and optionally strings to try on it besides the common ones.
const patterns = [
  // Literals and anchors.
  ["abc"], ["^abc$"], ["^a"], ["a$"], ["^$"], ["^"], ["$"], [""], ["^ab|cd$"], ["^(?:ab|cd)$"],
  ["a|"], ["|"], ["^(|a)$"], [r`^\^\$$`], [r`^\.\*\+\?$`], [r`^\(\)\[\]\{\}\|\/\\$`],
  // Classes.
  ["^[a-z]+$"], ["^[A-Za-z0-9_]+$"], ["^[^a-z]+$"], ["^[abc]$"], ["[]"], ["^[]$"], ["[^]"], ["^[^]$"],
  ["^[^]*$"], ["^(?:[^]|x)*$"], ["^a[^]?$"], ["^[.]$"], ["^[*+?]$"], ["^[$^]$"], ["^[a^]$"], ["^[\\^a]$"], ["^[a-z-]+$"],
  [r`^[a-z\-]+$`], ["^[-a-z]+$"], ["^[a-]$"], ["^[-]$"], [r`^[\-]$`], ["^[a-c-e]$"], ["^[z-a]$"],
  ["^[[]$"], ["^[]]$"], [r`^[\]]$`], [r`^[\[]$`], ["^[[:alpha:]]+$"], ["^[[a-z]]$"],
  ["^[(]$"], [r`^[\(]$`], ["^[)]$"], ["^[{]$"], [r`^[\{\}]$`], ["^[}]$"], ["^[/]$"], [r`^[\/]$`],
  ["^[|]$"], [r`^[\|]$`], ["^[&]$"], ["^[a&&b]$"], ["^[a&b]$"], [r`^[\&]$`], ["^[a--b]$"],
  ["^[!!]$"], ["^[!]$"], ["^[##]$"], ["^[~~]$"], ["^[..]$"], ["^[^^]$"], ["^[a^^]$"], ["^[==]$"],
  [r`^[\w-]$`], [r`^[\w\-]$`], [r`^[a-\d]$`], [r`^[\d-a]$`], [r`^[\d\s]+$`], [r`^[^\d\s]+$`],
  [r`^[\W]$`], [r`^[^\W]$`], [r`^[\S\s]$`], [r`^[^\S\s]$`], [r`^[\b]$`], [r`^[\B]$`], [r`^[\0]$`],
  [r`^[\t\n]$`], [r`^[\x41-\x5a]+$`], [r`^[\u0041-\u005A]+$`], [r`^[\u{1F600}-\u{1F64F}]$`],
  ["^[😀]$"], ["^[😀-😂]$", ["😁", "😃"]], [r`^[\uD83D\uDE00]$`], [r`^[\uD83D\uDE00-\uD83D\uDE4F]$`, ["🙏", "🙐"]],
  [r`^[\q{abc}]$`], [r`^[[a-z]--[aeiou]]$`], [r`^[[a-z]&&[a-c]]$`], [r`^[\p{L}--[a-z]]$`],
  [r`^[\1]$`], [r`^[\k<a>]$`], [r`^[\c_]$`], [r`^[\cJ]$`], [r`^[\%]$`], [r`^[\,]$`], [r`^[\;]$`],
  ["^[ é]$"], ["^[ÿ-ā]$"],
  // Character class escapes.
  [r`\d`], [r`^\d+$`], [r`^\D+$`], [r`^\w+$`], [r`^\W+$`], [r`^\s$`], [r`^\S+$`], [r`^\s+$`],
  [r`^\S$`], [r`\s`], [r`^\d{4}-\d{2}-\d{2}$`], [r`^\w+@\w+\.\w+$`],
  // Word boundaries.
  [r`\b`], [r`\B`], [r`^\b`], [r`\bb`], [r`a\b`], [r`\Ba`], [r`\bé`], [r`\b\B`], [r`^\B$`],
  [r`\b*`], [r`^*`], [r`$+`], [r`\bworld\b`], [r`\B!`], [r`\B|\b`], [r`a\B`], [r`(?:\B)?x`],
  [r`\B\B`], [r`x?\B`], [r`^\B`], [r`\B$`], [r`\B\b`], [r`(?:a|\B)b`],
  // The dot.
  ["."], ["^.$"], ["^.+$"], ["^..$"], ["^a.b$"], ["^.*$"],
  // Escapes.
  [r`^\t$`], [r`^\n$`], [r`^\r$`], [r`^\v$`], [r`^\f$`], [r`^\0$`], [r`^\00$`], [r`^\01$`],
  [r`^\cA$`], [r`^\cj$`], [r`^\c1$`], [r`^\c$`], [r`^\x41$`], [r`^\x4$`], [r`^\x{41}$`],
  [r`^\u0041$`], [r`^\u041$`], [r`^\u{41}$`], [r`^\u{0000041}$`], [r`^\u{110000}$`], [r`^\u{}$`],
  [r`^\u{1F600}$`], [r`^\uD83D\uDE00$`], [r`^\uD83D$`], [r`\uD83D`], [r`^\uDE00$`], [r`^\u{D83D}\u{DE00}$`],
  [r`^\u00A0$`], [r`^\u2028$`], [r`^\uFEFF$`], [r`^\/$`], [r`^\-$`], [r`^\a$`], [r`^\e$`], [r`^\z$`],
  [r`^\A`], [r`\Aabc\z`], [r`abc\Z`], [r`^\h$`], [r`^\G`], [r`^\Qa\E$`], [r`^\ $`], [r`^\%$`], [r`^\&$`],
  [r`^\,$`], [r`^\=$`], [r`^\!$`], [r`^\#$`], [r`^\:$`], [r`^\@$`], [r`^\~$`], [r`^\'$`], [r`^\"$`],
  [r`^\é$`], ["^😀$"], ["^😀+$"], ["^a😀?b$"], ["\\"],
  // Property escapes.
  [r`^\p{L}+$`], [r`^\P{L}$`], [r`^\p{Lu}$`], [r`^\p{Script=Greek}$`], [r`^\pL$`], [r`^\p{RGI_Emoji}$`],
  [r`^\p{Nope}$`],
  // Quantifiers.
  ["^a*$"], ["^a+$"], ["^a?$"], ["^a{2}$"], ["^a{2,}$"], ["^a{2,3}$"], ["^a{0}$"], ["^a{0,0}$"],
  ["^a{3,2}$"], ["^a*?$"], ["^a+?$"], ["^a??$"], ["^a{2,3}?$"], ["^a{2}?$"], ["^(?:ab)+$"],
  ["^(a|b)*c?$"], ["a**"], ["a+*"], ["a???"], ["*a"], ["+"], ["?"], ["a{"], ["a{,2}"], ["a{2"],
  ["a{2,3"], ["{"], ["}"], ["a}"], ["]"], ["a]"], ["^a{1}{2}$"], ["^(?:a{2}){2}$"],
  ["^(a*)*$"], ["^(a*)+b$"], ["^(a|a)*$"], ["^(?:a?){3}a{3}$"], ["^(?:)*$"], ["^()+$"],
  ["^[0-9]{5}(?:-[0-9]{4})?$"], ["^a{1,1000}$"], ["^a{999999}$"],
  // Groups.
  ["^(abc)$"], ["^(?:abc)$"], ["^(?<word>abc)$"], ["^(?<a>x)(?<b>y)$"], ["^(?<a>x)|(?<a>y)$"],
  ["^(?<a>x)(?<a>y)$"], ["^(?<1a>x)$"], ["^(?<>x)$"], ["^(?<$_a1>x)$"], ["^(?<é>x)$"],
  [r`^(?<\u0061>x)$`], ["^(?P<a>x)$"], ["(?#comment)"], ["^((((a))))$"], ["("], [")"], ["a)"],
  ["(a"], ["(?"], ["(?:"], ["(?a)"], ["(?=a)"],
  // Lookaround.
  ["^(?=.*[0-9]).{8,}$"], ["^(?!abc)"], ["(?<=a)b"], ["(?<!a)b"], ["^(?=a)*"],
  // Backreferences.
  [r`^(a)\1$`], [r`^(?<x>a)\k<x>$`], [r`^\1(a)$`], [r`^\1$`], [r`^\8$`], [r`^\k<x>$`], [r`^\k$`],
  // Inline flags and other dialects.
  ["(?i)^abc$"], ["(?i:a)"], ["(?-i:a)"], ["(?m)^a$"], ["(?s).", ["\n"]], ["(?x)a b"], ["(?u)a"],
  ["^[[:digit:]]$"], [r`^\x{1F600}$`],
  // Edges of the two class grammars and of surrogates.
  [r`^[\d-]$`], [r`^[\-a]$`], [r`^[a\-z]$`], [r`^[a-z\d]+$`], [r`^[\w.]+$`], ["^[.-]$"], ["^[ -~]+$"],
  ["^[$$]$"], ["^[$]$"], [r`^[\$]$`], ["^[a-a]$"], [r`^[\01]$`], [r`^[\cA]$`, ["\u0001"]],
  [r`^[\uD800-\uDFFF]$`], [r`^[^\uD800-\uDFFF]$`], [r`^[\uD83D]$`], [r`^[\uD83D-\uDE00]$`],
  [r`^[\s-\S]$`], ["^.{2}$"], [r`^\W$`], [r`^\w{3}$`], ["^(|)$"], ["^(?:a|b|)$"], ["^a-b$"],
  ["^&&$"], ["^!!$"], ["^a{0,}$"], ["a{2147483648}"], ["a{1,2}{3}"], [r`^(?<a>x)\k<a>$`],
  [r`\k<a>`], ["^[+--]$"], [r`^[\u{0}-\u{10FFFF}]+$`], ["^\u{1F600}$"], [r`^(?:\uD83D)$`],
  // Odds and ends.
  ["^ab(c|d)*ef$", ["abcdcdef", "abef"]], ["^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+)$"],
  ["^[a-z0-9!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+$"], [r`^[a-z\`]$`], [r`^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$`, ["GB82WEST12345698765432"]],
  [r`^\+?[1-9]\d{1,14}$`, ["+14155552671"]], [r`^#?[0-9a-fA-F]{6}$`, ["#1a2B3c"]],
  [r`^[^\s@]+@[^\s@]+\.[^\s@]+$`], [r`^https?://\S+$`, ["https://example.com/x"]],
  [r`^[\u00C0-\u024F]+$`], [r`^[^\u0000-\u007F]+$`], [r`^[\s\S]*$`],
];

// Strings cannot show the difference between two readings of a pattern unless they exercise
// it; the extra strings above do that where the common ones would not.

function compile(source, flags) {
  try {
    return { regex: new RegExp(source, flags) };
  } catch (error) {
    return { error: error.message };
  }
}

// JSON with every character outside printable ASCII escaped, so the fixture shows what
// each string holds (U+00A0 and U+2028 look like a space and a line break otherwise).
const json = (value) =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));

// A Rust string holds no lone surrogate, so neither may a pattern or a string here (a pattern
// names one with an escape: `\uD83D`).
for (const text of [...strings, ...patterns.flatMap(([p, extra = []]) => [p, ...extra])]) {
  if (!text.isWellFormed()) throw new Error(`lone surrogate in ${JSON.stringify(text)}`);
}

const lines = [];
for (const [pattern, extra = []] of patterns) {
  const u = compile(pattern, "u");
  const v = compile(pattern, "v");
  const entry = { pattern, u: !u.error, v: !v.error };
  if (u.error) entry.u_error = u.error;
  if (v.error) entry.v_error = v.error;
  if (extra.length) entry.extra = extra;
  const all = [...strings, ...extra];
  const bits = (compiled) => all.map((s) => (compiled.regex.test(s) ? "1" : "0")).join("");
  if (u.regex) entry.u_matches = bits(u);
  if (v.regex) entry.v_matches = bits(v);
  lines.push(json(entry));
}

const output =
  `{\n"node": ${major},\n"strings": ${json(strings)},\n"patterns": [\n` +
  lines.join(",\n") +
  "\n]\n}\n";

const target =
  process.argv[2] ??
  fileURLToPath(new URL("../../tests/fixtures/patterns/ecma-verdicts.json", import.meta.url));
writeFileSync(target, output);
console.error(`${patterns.length} patterns, ${strings.length} strings: ${target}`);
