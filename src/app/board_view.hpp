// Draws the board in a terminal: the hexagon with coordinates, each stack's
// height and top colour, Dvonn pieces and stacks holding one marked.
#pragma once

#include <string>

#include "core/game.hpp"

namespace dvonn::app {

struct BoardViewOptions {
  bool color = false;        // ANSI colours
  Bitboard highlight = 0;    // spaces to mark (e.g. the last move)
  bool list_stacks = false;  // list the colours inside every taller stack
};

// The board followed by a status line (phase, side to move, counts).
std::string render_board(const BoardState& state, const BoardViewOptions& options = {});

// "placement: 12 of 49 placed, black to place a black piece" and the like.
std::string status_line(const Position& position);

// True when standard output is a terminal that takes ANSI colours.
bool stdout_is_color_terminal();

}  // namespace dvonn::app
