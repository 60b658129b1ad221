// core/text.h: how error messages quote what they were given.
#include <gtest/gtest.h>

#include <string>

#include "core/text.h"

namespace whist {
namespace {

TEST(QuoteInput, EscapesControlCharactersAndKeepsTheRest) {
  EXPECT_EQ(quote_input("QH"), "'QH'");
  EXPECT_EQ(quote_input(""), "''");
  EXPECT_EQ(quote_input("a\x1b[31mb\x7f\n"), "'a\\x1b[31mb\\x7f\\x0a'");
  EXPECT_EQ(quote_input("6 ♥"), "'6 ♥'");
}

TEST(QuoteInput, CutsLongTextAndSaysHowLongItWas) {
  EXPECT_EQ(quote_input(std::string(60, 'x')), "'" + std::string(60, 'x') + "'");
  EXPECT_EQ(quote_input(std::string(61, 'x')), "'" + std::string(60, 'x') + "'... (61 bytes)");
  EXPECT_EQ(quote_input("abcdef", 3), "'abc'... (6 bytes)");
  // Never inside a character: '♥' is three bytes, and the cut falls in its middle.
  EXPECT_EQ(quote_input("ab♥cd", 3), "'ab'... (7 bytes)");
  EXPECT_EQ(quote_input("ab♥cd", 5), "'ab♥'... (7 bytes)");
}

TEST(OneLine, WritesLineBreaksAsEscapes) { EXPECT_EQ(one_line("a\nb\r\tc\x01"), "a\\nb\\r\\tc?"); }

TEST(JsonMessage, DropsTheExceptionsName) {
  EXPECT_EQ(json_message("[json.exception.parse_error.101] parse error at line 1, column 1: x"),
            "parse error at line 1, column 1: x");
  EXPECT_EQ(json_message("no prefix] here"), "no prefix] here");
}

}  // namespace
}  // namespace whist
