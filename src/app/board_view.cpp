#include "app/board_view.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>

namespace dvonn::app {
namespace {

constexpr int kCellWidth = 3;  // half of the distance between two spaces of a row

// Screen column of a space: each row is shifted half a space to the left of
// the row below, which makes (x, y+1) and (x+1, y+1) the upper neighbours.
int column_of(int x, int y) { return (2 * x - y + 2) * kCellWidth; }

std::string cell_text(const Stack& s) {
  if (s.empty()) return ".";
  if (s == "d") return "D";
  std::string t(1, s.back() == 'w' ? 'W' : 'B');
  t += std::to_string(s.size());
  if (s.find('d') != std::string::npos) t += '*';
  return t;
}

const char* cell_color(const Stack& s) {
  if (s.empty()) return "\x1b[2m";
  if (s == "d") return "\x1b[1;97;41m";
  return s.back() == 'w' ? "\x1b[1;30;107m" : "\x1b[1;97;100m";
}

void put(std::string& line, int col, const std::string& text) {
  if (line.size() < static_cast<size_t>(col) + text.size()) line.resize(col + text.size(), ' ');
  line.replace(col, text.size(), text);
}

}  // namespace

std::string status_line(const Position& p) {
  std::string side = color_name(p.side_to_move());
  switch (p.phase()) {
    case Phase::Placement: {
      std::string piece = p.next_placement_is_dvonn() ? "a Dvonn piece" : "a " + side + " piece";
      return "placement phase: " + std::to_string(p.placed()) + " of 49 placed; " + side + " to place " + piece;
    }
    case Phase::Movement: {
      Score s = p.score();
      bool must_pass = p.count_steps(p.side_to_move()) == 0;
      return "movement phase: " + side + (must_pass ? " must pass" : " to move") + "; white controls " +
             std::to_string(s.white) + ", black " + std::to_string(s.black);
    }
    case Phase::Over: {
      Score s = p.score();
      std::string r = s.white > s.black ? "white wins" : s.black > s.white ? "black wins" : "draw";
      return "game over: white " + std::to_string(s.white) + ", black " + std::to_string(s.black) + ": " + r;
    }
  }
  return {};
}

std::string render_board(const BoardState& state, const BoardViewOptions& opt) {
  std::string out;
  // Column letters continue each column's diagonal above row 5 and below row 1.
  std::string top, bottom;
  for (int x = 2; x <= 10; ++x) put(top, column_of(x, 5) + 1, std::string(1, static_cast<char>('A' + x)));
  for (int x = 0; x <= 8; ++x) put(bottom, column_of(x, -1) + 1, std::string(1, static_cast<char>('A' + x)));
  out += "   " + top + "\n";
  for (int y = 4; y >= 0; --y) {
    std::string line = std::to_string(y + 1) + "  ";
    int col = 0;
    for (int x = 0; x <= 10; ++x) {
      if (!on_board(x, y)) continue;
      Square s = make_square(x, y);
      std::string text = cell_text(state.stacks[s]);
      text.resize(4, ' ');
      std::string marker = (opt.highlight & bit(s)) ? ">" : " ";
      int target = column_of(x, y);
      line += std::string(target > col ? target - col : 0, ' ');
      col = std::max(col, target);
      if (opt.color)
        line += marker + cell_color(state.stacks[s]) + text + "\x1b[0m";
      else
        line += marker + text;
      col += 5;
    }
    out += line + "  " + std::to_string(y + 1) + "\n";
  }
  out += "   " + bottom + "\n";
  out += status_line(state.position) + "\n";
  if (opt.list_stacks) {
    for (Square s : all_spaces()) {
      const Stack& st = state.stacks[s];
      if (st.size() < 2) continue;
      out += "  " + square_name(s) + ": ";
      for (char c : st) out += c == 'w' ? "white " : c == 'b' ? "black " : "DVONN ";
      out += "(bottom to top)\n";
    }
  }
  return out;
}

bool stdout_is_color_terminal() {
  if (!isatty(STDOUT_FILENO)) return false;
  const char* term = std::getenv("TERM");
  if (std::getenv("NO_COLOR")) return false;
  return term && std::string(term) != "dumb";
}

}  // namespace dvonn::app
