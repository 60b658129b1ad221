// Names that break columns and lengths: 李小龙 is three characters in six columns; Zoë's diaeresis
// is a combining mark (four code points, three columns); the family is five code points joined by
// U+200D, drawn in two columns.
#pragma once

#include <string>

namespace whist::sample_names {

inline const std::string kCjk = "李小龙";
inline const std::string kZoe = "Zoe\u0308";
inline const std::string kFamily = "\U0001F469\u200D\U0001F469\u200D\U0001F467";

}  // namespace whist::sample_names
