// The text of a command line CLI11 refused, in whist's words: "whist COMMAND: MESSAGE" as every
// other error of the program, and a word CLI11 lacks where its own is misleading.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace whist::cli {

// `app` is the program's app, its parse failed on `args`, the command line without the program's
// name.
std::string usage_error(const CLI::App& app, const CLI::Error& e,
                        const std::vector<std::string>& args);

// The refusal of an option before the command that `app` (the program's) does not have, or empty.
// CLI11 hands such an option to the command after it ("whist --frob play" was "whist play:
// unknown option '--frob'"), or lets a refusal of that command's hide it.
std::string unknown_leading_option(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace whist::cli
