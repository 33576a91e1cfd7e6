#include "server/store/postgres_dialect.hpp"

#include <algorithm>
#include <cctype>

namespace dvonn::server {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The next word at or after `i` (skipping spaces), upper-cased.
std::string word_after(const std::string& s, std::size_t i, std::size_t* end) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  std::size_t j = i;
  while (j < s.size() && word_char(s[j])) ++j;
  if (end) *end = j;
  return upper(s.substr(i, j - i));
}

}  // namespace

PostgresSql postgres_sql(const std::string& in) {
  PostgresSql out;
  std::string& o = out.text;
  o.reserve(in.size() + 16);
  for (std::size_t i = 0; i < in.size();) {
    char c = in[i];
    if (c == '\'' || c == '"') {  // a literal or a quoted name: as it is
      std::size_t j = in.find(c, i + 1);
      j = j == std::string::npos ? in.size() : j + 1;
      o.append(in, i, j - i);
      i = j;
    } else if (c == '?') {
      std::size_t j = i + 1;
      while (j < in.size() && std::isdigit(static_cast<unsigned char>(in[j]))) ++j;
      // A bare ? is one past the highest number so far (as in SQLite).
      int n = j > i + 1 ? std::stoi(in.substr(i + 1, j - i - 1)) : out.parameters + 1;
      out.parameters = std::max(out.parameters, n);
      if (out.used.size() <= static_cast<std::size_t>(n)) out.used.resize(static_cast<std::size_t>(n) + 1);
      out.used[static_cast<std::size_t>(n)] = true;
      o += '$' + std::to_string(n);
      i = j;
    } else if (word_char(c) && (i == 0 || !word_char(in[i - 1]))) {
      std::size_t j = i;
      while (j < in.size() && word_char(in[j])) ++j;
      std::string word = upper(in.substr(i, j - i));
      std::size_t k = 0;
      if (word == "INTEGER" && word_after(in, j, &k) == "PRIMARY" && word_after(in, k, nullptr) == "KEY") {
        o += "BIGSERIAL";
      } else if (word == "INTEGER") {
        o += "BIGINT";
      } else if (word == "REAL") {
        o += "DOUBLE PRECISION";
      } else if (word == "WITHOUT" && word_after(in, j, &k) == "ROWID") {
        while (!o.empty() && o.back() == ' ') o.pop_back();
        j = k;
      } else {
        o.append(in, i, j - i);
      }
      i = j;
    } else {
      o += c;
      ++i;
    }
  }
  out.used.resize(static_cast<std::size_t>(out.parameters) + 1);
  return out;
}

}  // namespace dvonn::server
