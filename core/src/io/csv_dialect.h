// What a CSV file is written in before it is read: its delimiter and its
// text encoding, guessed from its bytes as Python's csv.Sniffer and
// PapaParse guess them, when the caller does not say.
#pragma once

#include <string>       // for string
#include <string_view>  // for string_view

namespace boostlab {

// The delimiter of the file's first lines, among comma, semicolon, tab and
// pipe: the one that splits the header into the most fields and the most of
// the following lines into as many (outside quotes). ',' when none splits
// the header (a one-column file).
char SniffDelimiter(std::string_view bytes);

// Whether the bytes are well-formed UTF-8 (no overlong forms, surrogates or
// code points past U+10FFFF).
bool IsValidUtf8(std::string_view bytes);

// Windows-1252 (Latin-1 with the printable 0x80-0x9F of Windows) as UTF-8.
std::string Windows1252ToUtf8(std::string_view bytes);

}  // namespace boostlab
