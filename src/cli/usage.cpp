#include "cli/usage.h"

#include <algorithm>
#include <regex>

#include "core/text.h"

namespace whist::cli {

namespace {

// The arguments CLI11 left over, as joined in its message, in the order they were typed: some of
// its paths list them last first (regression: `variants romanian --players 3` was told
// "unexpected arguments: 3 --players"). Matched against the command line, as an argument may hold
// a space; if they cannot be matched, the message's text is kept whole.
std::vector<std::string> in_given_order(const std::string& joined,
                                        const std::vector<std::string>& args) {
  const auto take = [&joined](auto first, auto last) {
    std::vector<std::string> taken;
    std::size_t at = 0;
    for (auto it = first; it != last && at < joined.size(); ++it) {
      const std::string& arg = *it;
      if (joined.compare(at, arg.size(), arg) == 0 &&
          (at + arg.size() == joined.size() || joined[at + arg.size()] == ' ')) {
        taken.push_back(arg);
        at += arg.size() + 1;
      }
    }
    return at >= joined.size() ? taken : std::vector<std::string>{};
  };
  if (std::vector<std::string> forward = take(args.begin(), args.end()); !forward.empty()) {
    return forward;
  }
  std::vector<std::string> backward = take(args.rbegin(), args.rend());
  if (backward.empty()) return {joined};
  std::ranges::reverse(backward);
  return backward;
}

// What CLI11 said, where it misleads: with no command known it says "A subcommand is required"
// of `whist frob`, and of an option given no value "1 required
// UINT:UINT in [0 - 18446744073709551615] missing", and of an unknown option "The following
// argument was not expected".
std::string reworded(const CLI::App& failed, const CLI::Error& e,
                     const std::vector<std::string>& args) {
  if (failed.get_parent() == nullptr && e.get_name() == "RequiredError") {
    std::string names;
    for (const CLI::App* sub : failed.get_subcommands({})) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    if (args.empty()) return "a command is needed, one of " + names;
    // (An option before the command is unknown_leading_option's.)
    return "unknown command " + quote_input(args.front()) + ": the commands are " + names;
  }
  static const std::regex kValueMissing(R"(^(\S+): \d+ required .* missing$)");
  static const std::regex kExtras(
      R"(^The following argument(s?) (?:was|were) not expected: (.*)$)");
  std::smatch m;
  const std::string what = e.what();
  if (std::regex_match(what, m, kValueMissing)) return m[1].str() + " needs a value";
  // "options" is only the name the program gives the option=value pairs (regression: "options
  // excludes --resume" named nothing the user typed or the help shows).
  static const std::regex kPairsExcluded(R"(^options excludes (\S+)$)");
  if (std::regex_match(what, m, kPairsExcluded)) {
    // The pairs as CLI11 took them, not a scan of the arguments: an option's value may hold an
    // `=` too (regression: `--resume g=1.json hook=off` quoted the file).
    std::string pair;
    if (const CLI::Option* pairs = failed.get_option_no_throw("options");
        pairs != nullptr && !pairs->results().empty()) {
      pair = pairs->results().front();
    }
    return (pair.empty() ? "" : quote_input(pair) + ": ") +
           "option=value pairs cannot be given with " + m[1].str() +
           " (the rules come from the file)";
  }
  if (!std::regex_match(what, m, kExtras)) return what;
  const std::string plural = m[1].str();
  const std::vector<std::string> extras = in_given_order(m[2].str(), args);
  if (const auto option = std::ranges::find_if(
          extras, [](const std::string& extra) { return extra.starts_with("-"); });
      option != extras.end()) {
    // The first unknown option is the mistake to name: what follows it may be its value.
    return "unknown option " + quote_input(*option);
  }
  std::string joined;
  for (const std::string& extra : extras) joined += (joined.empty() ? "" : " ") + extra;
  return "unexpected argument" + plural + ": " + joined;
}

}  // namespace

std::string usage_error(const CLI::App& app, const CLI::Error& e,
                        const std::vector<std::string>& args) {
  // CLI11 passes the app that was asked to exit; the subcommand it was parsing is the one named.
  const std::vector<CLI::App*> chosen = app.get_subcommands();
  const CLI::App& failed = chosen.empty() ? app : *chosen.front();
  const std::string command =
      failed.get_parent() == nullptr ? "whist" : "whist " + failed.get_name();
  // Control characters of the command line as typed are written as \x1b, as in every other
  // error of whist's, so that a refusal cannot recolour the terminal.
  std::string text = command + ": " + escape_control_characters(reworded(failed, e, args)) + "\n";
  if (failed.get_help_ptr() != nullptr) {
    text += "Run " + command + " --help for more information.\n";
  }
  return text;
}

std::string unknown_leading_option(const CLI::App& app, const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (!arg.starts_with("-") || arg == "--") return {};
    const std::string name = arg.substr(0, arg.find('='));
    for (const CLI::Option* option : app.get_options()) {
      if (option->check_name(name)) return {};  // --help or --version: it ends the program
    }
    return "whist: unknown option " + quote_input(arg) +
           "\nRun whist --help for more information.\n";
  }
  return {};
}

}  // namespace whist::cli
