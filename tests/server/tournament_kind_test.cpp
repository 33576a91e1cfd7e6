// The tournament kinds' names, both ways.
#include "server/tournaments/tournament_kind.hpp"

#include <gtest/gtest.h>

namespace dvonn::server::testing {
namespace {

TEST(TournamentKind, NamesRoundTripAndUnknownNamesAreRefused) {
  for (auto kind : {TournamentKind::Swiss, TournamentKind::RoundRobin, TournamentKind::Arena}) {
    EXPECT_EQ(tournament_kind_from(to_string(kind)), kind);
  }
  EXPECT_EQ(to_string(TournamentKind::RoundRobin), "round_robin");
  EXPECT_EQ(tournament_kind_from(""), std::nullopt);
  EXPECT_EQ(tournament_kind_from("Swiss"), std::nullopt);
  EXPECT_EQ(tournament_kind_from("roundrobin"), std::nullopt);
}

}  // namespace
}  // namespace dvonn::server::testing
