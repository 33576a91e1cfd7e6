// The JSON API over real loopback sockets (docs/server-api.md).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class ApiTest : public ServerTest {};

TEST_F(ApiTest, CreatesALocalGameWithAnUnguessableIdAndToken) {
  json g = create({{"mode", "local"}});
  ASSERT_FALSE(g.is_null());
  EXPECT_EQ(g["id"].get<std::string>().size(), 22u);
  EXPECT_EQ(g["token"].get<std::string>().size(), 32u);
  EXPECT_EQ(g["seat"], "both");
  const json& s = g["state"];
  EXPECT_EQ(s["mode"], "local");
  EXPECT_EQ(s["phase"], "placement");
  EXPECT_EQ(s["to_move"], "white");
  EXPECT_EQ(s["next_piece"], "dvonn");
  EXPECT_EQ(s["legal"].size(), 49u);
  EXPECT_EQ(s["result"], "ongoing");
  json other = create({{"mode", "local"}});
  EXPECT_NE(other["id"], g["id"]);
  EXPECT_NE(other["token"], g["token"]);
}

TEST_F(ApiTest, PlaysMovesAndRefusesBadOnesWithoutChangingAnything) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"], token = g["token"];
  std::string moves = "/api/games/" + id + "/moves";

  auto r = post(port_, moves, {{"token", token}, {"move", "E3"}});
  ASSERT_EQ(r.status, 200) << r.body;
  json s = r.json();
  EXPECT_EQ(s["moves"], json::array({"E3"}));
  EXPECT_EQ(s["stacks"]["E3"], "d");
  std::int64_t version = s["version"];

  // Illegal: the space is taken.
  r = post(port_, moves, {{"token", token}, {"move", "E3"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_THAT(r.json()["error"].get<std::string>(), HasSubstr("illegal move E3"));
  // Not a move at all.
  r = post(port_, moves, {{"token", token}, {"move", "Z9"}});
  EXPECT_EQ(r.status, 400);
  // Wrong token, no token.
  r = post(port_, moves, {{"token", std::string(32, '0')}, {"move", "F3"}});
  EXPECT_EQ(r.status, 403);
  EXPECT_THAT(r.json()["error"].get<std::string>(), HasSubstr("wrong seat token"));
  r = post(port_, moves, {{"move", "F3"}});
  EXPECT_EQ(r.status, 403);
  EXPECT_THAT(r.json()["error"].get<std::string>(), HasSubstr("spectators"));
  // Malformed JSON and wrong types.
  r = http_request(port_, "POST", moves, "{\"token\": ");
  EXPECT_EQ(r.status, 400);
  EXPECT_THAT(r.json()["error"].get<std::string>(), HasSubstr("malformed JSON"));
  r = post(port_, moves, {{"token", 5}, {"move", "F3"}});
  EXPECT_EQ(r.status, 400);

  r = http_request(port_, "GET", "/api/games/" + id);
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.json()["moves"], json::array({"E3"}));
  EXPECT_EQ(r.json()["version"], version);
}

TEST_F(ApiTest, UnknownGamesAndPathsAre404WithJson) {
  auto r = http_request(port_, "GET", "/api/games/AAAAAAAAAAAAAAAAAAAAAA");
  EXPECT_EQ(r.status, 404);
  EXPECT_THAT(r.json()["error"].get<std::string>(), HasSubstr("no game"));
  r = http_request(port_, "GET", "/api/games/../../etc/passwd");
  EXPECT_EQ(r.status, 404);
  r = http_request(port_, "GET", "/api/nothing");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.content_type, "application/json");
  EXPECT_TRUE(r.json().contains("error"));
  r = post(port_, "/api/games/AAAAAAAAAAAAAAAAAAAAAA/moves", {{"token", "x"}, {"move", "E3"}});
  EXPECT_EQ(r.status, 404);
}

TEST_F(ApiTest, RefusesBadCreateRequests) {
  for (const json& bad :
       {json{{"mode", "chess"}}, json{{"mode", "engine"}, {"level", 9}}, json{{"mode", "engine"}, {"level", "hard"}},
        json{{"mode", "local"}, {"color", "red"}}, json{{"mode", "local"}, {"random_setup", 1}, {"record", "E3"}},
        json{{"mode", "local"}, {"record", "E3 E3"}}, json{{"mode", "local"}, {"upto", 3}}, json::array(),
        json{{"level", 3}}}) {
    auto r = post(port_, "/api/games", bad);
    EXPECT_EQ(r.status, 400) << bad.dump() << " -> " << r.body;
    EXPECT_TRUE(r.json().contains("error"));
  }
  auto r = http_request(port_, "POST", "/api/games", "not json");
  EXPECT_EQ(r.status, 400);
}

TEST_F(ApiTest, RefusesBodiesOver16KiB) {
  std::string big = "{\"mode\": \"local\", \"pad\": \"" + std::string(17 * 1024, 'x') + "\"}";
  auto r = http_request(port_, "POST", "/api/games", big);
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(r.json().contains("error"));
}

TEST_F(ApiTest, RandomSetupStartsInTheMovementPhase) {
  json a = create({{"mode", "local"}, {"random_setup", 42}});
  json b = create({{"mode", "local"}, {"random_setup", 42}});
  EXPECT_EQ(a["state"]["phase"], "movement");
  EXPECT_EQ(a["state"]["position"], b["state"]["position"]);
  EXPECT_EQ(a["state"]["stacks"].size(), 49u);
}

TEST_F(ApiTest, ImportsARecordUpToAMoveAndDownloadsTheRecord) {
  json g = create({{"mode", "local"}, {"random_setup", 7}});
  std::string id = g["id"], token = g["token"];
  // Play three legal moves, whatever they are.
  for (int i = 0; i < 3; ++i) {
    json s = http_request(port_, "GET", "/api/games/" + id).json();
    auto r = post(port_, "/api/games/" + id + "/moves", {{"token", token}, {"move", s["legal"][0]}});
    ASSERT_EQ(r.status, 200) << r.body;
  }
  auto rec = http_request(port_, "GET", "/api/games/" + id + "/record");
  ASSERT_EQ(rec.status, 200);
  EXPECT_THAT(rec.content_type, HasSubstr("text/plain"));
  EXPECT_THAT(rec.header("Content-Disposition"), HasSubstr("attachment"));
  EXPECT_THAT(rec.body, HasSubstr("[Position \"" + g["state"]["position"].get<std::string>()));

  json copy = create({{"mode", "local"}, {"record", rec.body}, {"upto", 2}});
  EXPECT_EQ(copy["state"]["moves"].size(), 2u);
  json full = create({{"mode", "engine"}, {"record", rec.body}, {"color", "white"}});
  EXPECT_EQ(full["state"]["moves"].size(), 3u);
  auto r = post(port_, "/api/games", {{"mode", "local"}, {"record", rec.body}, {"upto", 4}});
  EXPECT_EQ(r.status, 400);
}

TEST_F(ApiTest, OnlineGamesHaveTwoSeatsAndNoUndoOrHint) {
  json g = create({{"mode", "online"}, {"color", "white"}});
  std::string id = g["id"], white = g["token"];
  EXPECT_EQ(g["seat"], "white");
  EXPECT_EQ(g["state"]["seats"]["black"]["taken"], false);

  auto j = post(port_, "/api/games/" + id + "/join", json::object());
  ASSERT_EQ(j.status, 200) << j.body;
  std::string black = j.json()["token"];
  EXPECT_EQ(j.json()["seat"], "black");
  EXPECT_NE(black, white);
  EXPECT_EQ(j.json()["state"]["seats"]["black"]["taken"], true);
  EXPECT_EQ(post(port_, "/api/games/" + id + "/join", json::object()).status, 409);

  std::string moves = "/api/games/" + id + "/moves";
  EXPECT_EQ(post(port_, moves, {{"token", black}, {"move", "E3"}}).status, 409);  // white to move
  auto r = post(port_, moves, {{"token", white}, {"move", "E3"}});
  ASSERT_EQ(r.status, 200);
  r = post(port_, moves, {{"token", white}, {"move", "F3"}});
  EXPECT_EQ(r.status, 409);
  EXPECT_THAT(r.json()["error"].get<std::string>(), HasSubstr("not your turn"));
  EXPECT_EQ(post(port_, moves, {{"token", black}, {"move", "F3"}}).status, 200);

  r = post(port_, "/api/games/" + id + "/undo", {{"token", white}});
  EXPECT_EQ(r.status, 400);
  r = post(port_, "/api/games/" + id + "/hint", {{"token", white}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(http_request(port_, "GET", "/api/games/" + id).json()["moves"].size(), 2u);
}

TEST_F(ApiTest, LocalUndoTakesBackOneMove) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"], token = g["token"];
  EXPECT_EQ(post(port_, "/api/games/" + id + "/undo", {{"token", token}}).status, 409);  // nothing yet
  post(port_, "/api/games/" + id + "/moves", {{"token", token}, {"move", "E3"}});
  post(port_, "/api/games/" + id + "/moves", {{"token", token}, {"move", "F3"}});
  EXPECT_EQ(post(port_, "/api/games/" + id + "/undo", json::object()).status, 403);
  auto r = post(port_, "/api/games/" + id + "/undo", {{"token", token}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.json()["moves"], json::array({"E3"}));
  EXPECT_EQ(r.json()["to_move"], "black");
}

TEST_F(ApiTest, EngineRepliesAndUndoReturnsToThePersonsTurn) {
  json g = create({{"mode", "engine"}, {"level", 1}, {"color", "black"}, {"random_setup", 3}});
  std::string id = g["id"], token = g["token"];
  EXPECT_EQ(g["seat"], "black");
  EXPECT_EQ(g["state"]["seats"]["white"]["kind"], "engine");
  WsClient ws(port_, ws_target(id, token));
  ASSERT_EQ(ws.handshake_status(), 101);
  // The engine (White) moves first, within the time it is given.
  json s = ws.state_with_moves(1, 10);
  ASSERT_FALSE(s.is_null()) << "the engine did not move";
  EXPECT_EQ(s["to_move"], "black");

  // The person replies; the engine answers again.
  auto r = post(port_, "/api/games/" + id + "/moves", {{"token", token}, {"move", s["legal"][0]}});
  ASSERT_EQ(r.status, 200) << r.body;
  s = ws.state_with_moves(3, 10);
  ASSERT_FALSE(s.is_null()) << "the engine did not reply";

  auto hint = post(port_, "/api/games/" + id + "/hint", {{"token", token}});
  ASSERT_EQ(hint.status, 200) << hint.body;
  EXPECT_THAT(s["legal"], ::testing::Contains(hint.json()["move"]));
  EXPECT_EQ(post(port_, "/api/games/" + id + "/hint", json::object()).status, 403);

  r = post(port_, "/api/games/" + id + "/undo", {{"token", token}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json()["moves"].size(), 1u);
  EXPECT_EQ(r.json()["to_move"], "black");
}

TEST_F(ApiTest, StateListsTheStacksAMoveCutOff) {
  // White's B1 onto Black's C1 leaves C1 with no path to the Dvonn piece.
  json g = create({{"mode", "local"}, {"record", "[Position \"dwb6/10/11/10/d7d move w\"]\n"}});
  ASSERT_FALSE(g.is_null());
  auto r =
      post(port_, "/api/games/" + g["id"].get<std::string>() + "/moves", {{"token", g["token"]}, {"move", "B1C1"}});
  ASSERT_EQ(r.status, 200) << r.body;
  json s = r.json();
  EXPECT_EQ(s["removed"], (json{{"C1", "bw"}}));
  EXPECT_EQ(s["stacks"], (json{{"A1", "d"}, {"C5", "d"}, {"K5", "d"}}));
  EXPECT_EQ(s["last_move"], "B1C1");
}

TEST_F(ApiTest, ServesTheUiRoutesAndStaticFiles) {
  // The embedded UI may not exist yet in this build; the routes must not be
  // API errors either way.
  auto r = http_request(port_, "GET", "/");
  EXPECT_TRUE(r.status == 200 || r.status == 404);
  if (r.status == 200) {
    EXPECT_THAT(r.content_type, HasSubstr("text/html"));
    EXPECT_EQ(http_request(port_, "GET", "/games/abc").body, r.body);
    EXPECT_EQ(http_request(port_, "GET", "/watch/abc").body, r.body);
    EXPECT_EQ(http_request(port_, "GET", "/join/abc").body, r.body);
  }
  EXPECT_EQ(http_request(port_, "GET", "/no-such-file.js").status, 404);
  EXPECT_EQ(http_request(port_, "GET", "/../CMakeLists.txt").status, 404);
}

}  // namespace
}  // namespace dvonn::server::testing
