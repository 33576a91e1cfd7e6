#include "app/terminal_game.hpp"

#include <algorithm>
#include <ctime>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>

#include "app/board_view.hpp"
#include "app/position_source.hpp"
#include "core/game_record.hpp"
#include "core/text.hpp"

namespace dvonn::app {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string today() {
  std::time_t t = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", std::localtime(&t));
  return buf;
}

}  // namespace

TerminalGame::TerminalGame(Game game, std::istream& in, std::ostream& out, bool color)
    : game_(std::move(game)), in_(in), out_(out), color_(color) {}

void TerminalGame::show() {
  BoardViewOptions opt;
  opt.color = color_;
  if (!game_.moves().empty()) {
    Move last = game_.moves().back();
    if (!last.is_pass()) opt.highlight = bit(last.to) | (last.is_step() ? bit(last.from) : 0);
  }
  out_ << "\n" << render_board(game_.state(), opt);
}

void TerminalGame::help() {
  out_ << "Enter a move: a space to place on (E3), a stack move (A1B2 or a1-b2), or PASS when you cannot move.\n"
          "Commands:\n"
          "  moves       list the legal moves (also: legal, ?)\n"
          "  hint        ask the engine for a move (about a second)\n"
          "  undo        take back the last move\n"
          "  board       show the board again\n"
          "  stacks      list the colours inside every stack, bottom to top\n"
          "  save FILE   save the game as a record file\n"
          "  load FILE   load a game record (replaces this game)\n"
          "  new         start a new game from the empty board\n"
          "  help        this text\n"
          "  quit        leave (also: exit, or end of input)\n";
}

void TerminalGame::list_moves() {
  MoveList list;
  game_.position().generate(list);
  if (list.size == 0) {
    out_ << "No legal moves: the game is over.\n";
    return;
  }
  std::vector<std::string> names;
  for (Move m : list) names.push_back(to_string(m));
  std::sort(names.begin(), names.end());
  out_ << names.size() << " legal move" << (names.size() == 1 ? "" : "s") << ":";
  for (size_t i = 0; i < names.size(); ++i) out_ << (i % 12 == 0 ? "\n  " : " ") << names[i];
  out_ << "\n";
}

void TerminalGame::announce_move(Move m) {
  Bitboard removed = game_.last_removed();
  if (removed) {
    out_ << "Removed, cut off from every Dvonn piece:";
    for (Bitboard b = removed; b;) out_ << " " << square_name(pop_lsb(b));
    out_ << "\n";
  }
  (void)m;
  if (game_.position().is_over()) {
    show();
    out_ << "The game is over. Type undo, save FILE, new or quit.\n";
  } else {
    show();
  }
}

void TerminalGame::try_move(const std::string& text) {
  std::string error;
  auto m = parse_move(text, &error);
  if (!m) {
    out_ << "Not a move or command: " << error << ". Type help for commands.\n";
    return;
  }
  std::string why = game_.play(*m);
  if (!why.empty()) {
    out_ << "Illegal: " << why << "\n";
    return;
  }
  announce_move(*m);
}

void TerminalGame::save(const std::string& path) {
  if (path.empty()) {
    out_ << "save needs a file name: save FILE\n";
    return;
  }
  std::ofstream f(path, std::ios::binary);
  if (f) f << format_record(record_of(game_, {{"Date", today()}}));
  if (!f) {
    out_ << "Could not write " << path << "\n";
    return;
  }
  out_ << "Saved " << game_.moves().size() << " moves to " << path << "\n";
}

void TerminalGame::load(const std::string& path) {
  if (path.empty()) {
    out_ << "load needs a file name: load FILE\n";
    return;
  }
  try {
    std::string error;
    auto rec = parse_record(read_text(path), &error);
    std::optional<Game> g;
    if (rec) g = replay_record(*rec, &error);
    if (!g) {
      out_ << "Could not load " << path << ": " << error << "\n";
      return;
    }
    game_ = *g;
    out_ << "Loaded " << game_.moves().size() << " moves from " << path << "\n";
    show();
  } catch (const InputError& e) {
    out_ << "Could not load " << path << ": " << e.what() << "\n";
  }
}

void TerminalGame::handle(const std::string& raw) {
  const std::string line(trim_whitespace(raw));
  if (line.empty()) return;
  std::istringstream words(line);
  std::string command, argument;
  words >> command;
  std::getline(words, argument);
  argument = trim_whitespace(argument);
  std::string c = lower(command);
  if (c == "quit" || c == "exit" || c == "q") {
    quit_ = true;
  } else if (c == "help" || c == "h") {
    help();
  } else if (c == "moves" || c == "legal" || c == "?") {
    list_moves();
  } else if (c == "hint") {
    if (!hint_)
      out_ << "No hint available here.\n";
    else if (game_.position().is_over())
      out_ << "The game is over: there is nothing to suggest.\n";
    else
      out_ << hint_(game_) << "\n";
  } else if (c == "board" || c == "show") {
    show();
  } else if (c == "stacks") {
    BoardViewOptions opt;
    opt.list_stacks = true;
    std::string text = render_board(game_.state(), opt);
    out_ << text.substr(text.find(status_line(game_.position())));
  } else if (c == "undo") {
    if (!game_.undo())
      out_ << "Nothing to undo.\n";
    else {
      // Against an engine, take back its reply too, so it is the person's turn again.
      Color side = game_.position().side_to_move();
      if (players_[static_cast<int>(side)] && !game_.moves().empty()) game_.undo();
      out_ << "Took back the last move.\n";
      show();
    }
  } else if (c == "save") {
    save(argument);
  } else if (c == "load") {
    load(argument);
  } else if (c == "new") {
    game_ = Game();
    out_ << "New game.\n";
    show();
  } else if (!argument.empty()) {
    out_ << "Unknown command \"" << command << "\". Type help for commands.\n";
  } else {
    try_move(line);
  }
}

int TerminalGame::run() {
  out_ << "DVONN. Type help for commands, moves for the legal moves.\n";
  show();
  std::string line;
  while (!quit_) {
    const Position& p = game_.position();
    if (!p.is_over()) {
      const MoveChooser& player = players_[static_cast<int>(p.side_to_move())];
      if (player) {
        Move m = player(game_);
        out_ << color_name(p.side_to_move()) << " plays " << to_string(m) << "\n";
        std::string why = game_.play(m);
        if (!why.empty()) {
          out_ << "engine error: " << why << "\n";
          return 1;
        }
        announce_move(m);
        continue;
      }
    }
    out_ << (p.is_over() ? "game over" : color_name(p.side_to_move())) << "> " << std::flush;
    if (!std::getline(in_, line)) {
      out_ << "\n";
      break;
    }
    handle(line);
  }
  return 0;
}

}  // namespace dvonn::app
