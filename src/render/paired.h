// One rendering for two outputs that differ in a few places: the TypeScript
// target writes each declaration as JavaScript and as TypeScript from the
// same template, where `{{^ts}}…{{/ts}}` is JavaScript only, `{{#ts}}…{{/ts}}`
// TypeScript only, and a few values (a parameter's type, a JSDoc block) are
// spelt per language. Rendering the template twice was a tenth of a large
// schema's run; rendering it once with both spellings marked, then splitting
// the text, gives the same two outputs for about half the work.
//
//   std::string v = paired::value("/** @param {X} d */", "");   // differs per output
//   auto text = paired::rewrite(source, "ts", {"reader_doc"});  // sections become marks
//   ... render *text with kainjow (values set with paired::value) ...
//   paired::split(rendered, js, ts);
//
// Mustache drops a line that renders to blanks only when it holds a section
// tag, and judges that on the rendered line, so marks in a line could change
// the verdict. `rewrite` accepts a template only where they cannot (the rules
// are next to it); for any other template the caller renders twice.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace contractgen::render::paired {

// The marks: control characters, which the emitters make visible in any
// text that comes from schemas (a stray one fails `split`: the caller then
// renders twice). A value or section reads `kOpen first kSeparator second
// kClose`; `kDropLine` removes itself and the line break after it.
constexpr char kOpen = '\x1C';
constexpr char kSeparator = '\x1D';
constexpr char kClose = '\x1E';
constexpr char kDropLine = '\x1F';

// A value that reads `first` in the first output and `second` in the second.
std::string value(const std::string& first, const std::string& second);

struct Rewritten {
    std::string text;
    // Paired values that some line needs written (not blank) in both outputs
    // to render the same with its marks; the view must set them so at the top
    // level (written_in_both), or the template is rendered twice.
    std::set<std::string> written;
};

// `source` (a template, standalone closing tags already glued to the next
// line) with the sections of `flag` turned into marks: `{{^flag}}` opens text
// of the first output, `{{#flag}}` text of the second. `values`: the names
// the view model sets with value(). nullopt when some line could render
// differently with the marks (or the template changes delimiters, or uses
// `flag` or one of `values` other than as intended).
std::optional<Rewritten> rewrite(const std::string& source, const std::string& flag,
                                 const std::set<std::string>& values);

// True when `value` (a paired value or a plain one) is not blank in either output.
bool written_in_both(const std::string& value);

// Appends the two outputs `text` holds to `first` and `second`. False, with
// both unchanged, when its marks do not nest as rewrite() and value() write them.
bool split(std::string_view text, std::string& first, std::string& second);

}  // namespace contractgen::render::paired
