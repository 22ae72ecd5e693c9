// The loader thread with fake readers: tiles arrive with the reader's
// contents, a request replaces the queue, the destructor does not wait for
// the queue nor, past a grace, for a read that does not end, waitUntilIdle
// waits and times out, warnings come once, and a reader that can not be
// made or throws stops the loader with its reason; dropFilled forgets the
// tiles with filled samples read so far, the one being read included.
#include "tiles/TileLoader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace {

using namespace std::chrono_literals;

std::uint16_t markerOf(const tiles::TileKey& key)
{
    return static_cast<std::uint16_t>(key.level * 1000 + key.column * 10 + key.row);
}

// Where a reader waits until the test lets it go on.
class Gate {
public:
    void pass()
    {
        std::unique_lock lock(mutex_);
        ++entered_;
        changed_.notify_all();
        changed_.wait(lock, [this] { return open_; });
    }
    bool waitEntered(int count)
    {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, 5s, [&] { return entered_ >= count; });
    }
    void open()
    {
        const std::lock_guard lock(mutex_);
        open_ = true;
        changed_.notify_all();
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    int entered_ = 0;
    bool open_ = false;
};

// Opens the gate when the test ends, so that a loader declared before it is
// never left waiting on the gate in its destructor.
class GateOpener {
public:
    explicit GateOpener(Gate& gate) : gate_(gate) {}
    ~GateOpener() { gate_.open(); }
    GateOpener(const GateOpener&) = delete;
    GateOpener& operator=(const GateOpener&) = delete;

private:
    Gate& gate_;
};

struct FakeBehaviour {
    Gate* gate = nullptr;  // passed before each read when set
    std::chrono::milliseconds delay{0};
    std::vector<std::string> warningsPerRead;
    bool throwOnRead = false;
};

class FakeReader : public tiles::TileReader {
public:
    explicit FakeReader(FakeBehaviour behaviour) : behaviour_(std::move(behaviour)) {}

    tiles::Tile read(const tiles::TileKey& key) override
    {
        if (behaviour_.gate != nullptr) {
            behaviour_.gate->pass();
        }
        std::this_thread::sleep_for(behaviour_.delay);
        if (behaviour_.throwOnRead) {
            throw std::logic_error("fake read failure");
        }
        warnings_.insert(warnings_.end(), behaviour_.warningsPerRead.begin(), behaviour_.warningsPerRead.end());
        warnings_.push_back("read " + std::to_string(markerOf(key)));
        tiles::Tile tile;
        tile.key = key;
        tile.samples.assign(9 * 9, markerOf(key));
        tile.filledSamples = key.column % 2;
        return tile;
    }
    std::vector<std::string> takeWarnings() override { return std::exchange(warnings_, {}); }

private:
    FakeBehaviour behaviour_;
    std::vector<std::string> warnings_;
};

tiles::TileReaderFactory factoryOf(FakeBehaviour behaviour)
{
    return [behaviour] { return std::make_unique<FakeReader>(behaviour); };
}

std::vector<tiles::TileKey> keysAlongRow(std::uint32_t count, std::uint32_t first = 0)
{
    std::vector<tiles::TileKey> keys;
    for (std::uint32_t column = first; column < first + count; ++column) {
        keys.push_back({1, column, 2});
    }
    return keys;
}

TEST(TileLoader, EveryRequestedTileArrivesWithTheReadersContents)
{
    tiles::TileLoader loader(factoryOf({}));
    const std::vector<tiles::TileKey> keys = keysAlongRow(12);
    loader.request(keys);
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    const std::vector<tiles::Tile> tiles = loader.takeCompleted();
    ASSERT_EQ(tiles.size(), keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        EXPECT_EQ(tiles[i].key, keys[i]);  // one thread reads them in order
        EXPECT_EQ(tiles[i].samples.size(), 81u);
        EXPECT_TRUE(std::all_of(tiles[i].samples.begin(), tiles[i].samples.end(),
                                [&](std::uint16_t sample) { return sample == markerOf(keys[i]); }));
    }
    const tiles::LoaderStatistics statistics = loader.statistics();
    EXPECT_EQ(statistics.tilesRead, 12u);
    EXPECT_EQ(statistics.bytesRead, 12u * 81u * 2u);
    EXPECT_EQ(statistics.filledTiles, 6u);
    EXPECT_GE(statistics.readSeconds, 0.0);
    EXPECT_FALSE(loader.busy());
    EXPECT_FALSE(loader.failure());
    EXPECT_TRUE(loader.takeCompleted().empty());
}

TEST(TileLoader, ANewRequestReplacesTheQueue)
{
    Gate gate;
    FakeBehaviour behaviour;
    behaviour.gate = &gate;
    tiles::TileLoader loader(factoryOf(behaviour));
    const GateOpener opener(gate);
    const std::vector<tiles::TileKey> first = keysAlongRow(5);  // columns 0..4
    loader.request(first);
    ASSERT_TRUE(gate.waitEntered(1));  // column 0 is being read
    EXPECT_EQ(loader.pendingCount(), 4u);
    // Column 0 is being read and column 7 is asked twice: each is read once.
    loader.request({{1, 7, 2}, {1, 0, 2}, {1, 9, 2}, {1, 7, 2}});
    EXPECT_EQ(loader.pendingCount(), 2u);
    EXPECT_TRUE(loader.busy());
    gate.open();
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    // Completed but not taken: not read again.
    loader.request({{1, 9, 2}});
    EXPECT_EQ(loader.pendingCount(), 0u);
    const std::vector<tiles::Tile> tiles = loader.takeCompleted();
    ASSERT_EQ(tiles.size(), 3u);
    EXPECT_EQ(tiles[0].key, (tiles::TileKey{1, 0, 2}));
    EXPECT_EQ(tiles[1].key, (tiles::TileKey{1, 7, 2}));
    EXPECT_EQ(tiles[2].key, (tiles::TileKey{1, 9, 2}));
    // Once taken, it can be asked again.
    loader.request({{1, 9, 2}});
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    EXPECT_EQ(loader.takeCompleted().size(), 1u);
}

TEST(TileLoader, DropFilledForgetsTheFilledTilesReadSoFar)
{
    Gate gate;
    FakeBehaviour behaviour;
    behaviour.gate = &gate;
    tiles::TileLoader loader(factoryOf(behaviour));
    const GateOpener opener(gate);
    // Odd columns come filled. Column 1 is being read when its fill source
    // changes; column 3 is read after.
    loader.request(keysAlongRow(3, 1));
    ASSERT_TRUE(gate.waitEntered(1));
    loader.dropFilled();
    gate.open();
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    std::vector<tiles::Tile> tiles = loader.takeCompleted();
    ASSERT_EQ(tiles.size(), 2u);
    EXPECT_EQ(tiles[0].key, (tiles::TileKey{1, 2, 2}));
    EXPECT_EQ(tiles[1].key, (tiles::TileKey{1, 3, 2}));

    // Completed but not taken: the filled one goes, and may be asked again.
    loader.request(keysAlongRow(2, 5));
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    loader.dropFilled();
    tiles = loader.takeCompleted();
    ASSERT_EQ(tiles.size(), 1u);
    EXPECT_EQ(tiles[0].key, (tiles::TileKey{1, 6, 2}));
    loader.request({{1, 5, 2}});
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    tiles = loader.takeCompleted();
    ASSERT_EQ(tiles.size(), 1u);
    EXPECT_EQ(tiles[0].key, (tiles::TileKey{1, 5, 2}));
    EXPECT_EQ(loader.statistics().tilesRead, 6u);
}

TEST(TileLoader, TheDestructorDoesNotWaitForTheQueue)
{
    FakeBehaviour behaviour;
    behaviour.delay = 50ms;
    const auto start = std::chrono::steady_clock::now();
    {
        tiles::TileLoader loader(factoryOf(behaviour));
        loader.request(keysAlongRow(2000));
        std::this_thread::sleep_for(20ms);
        EXPECT_TRUE(loader.busy());
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

TEST(TileLoader, TheDestructorLeavesAReadThatDoesNotEndToEndAlone)
{
    // A read stuck on a source that stopped answering: the loader's owner
    // waits for it no longer than the grace, and the read is counted until
    // it ends.
    Gate gate;
    const GateOpener opener(gate);
    FakeBehaviour behaviour;
    behaviour.gate = &gate;
    const std::size_t before = tiles::threadsStillReading();
    const auto start = std::chrono::steady_clock::now();
    {
        tiles::TileLoader loader(factoryOf(behaviour));
        loader.request(keysAlongRow(3));
        ASSERT_TRUE(gate.waitEntered(1));
    }
    const auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_GE(waited, tiles::kReadThreadStopGrace);
    EXPECT_LT(waited, tiles::kReadThreadStopGrace + 1s);
    EXPECT_EQ(tiles::threadsStillReading(), before + 1);
    gate.open();
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (tiles::threadsStillReading() > before && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(5ms);
    }
    EXPECT_EQ(tiles::threadsStillReading(), before) << "the read never ended after the source answered";
}

TEST(TileLoader, WaitUntilIdleTimesOutWhileAReadBlocks)
{
    Gate gate;
    FakeBehaviour behaviour;
    behaviour.gate = &gate;
    tiles::TileLoader loader(factoryOf(behaviour));
    const GateOpener opener(gate);
    EXPECT_TRUE(loader.waitUntilIdle(0ms));
    loader.request(keysAlongRow(2));
    ASSERT_TRUE(gate.waitEntered(1));
    EXPECT_FALSE(loader.waitUntilIdle(50ms));
    EXPECT_TRUE(loader.busy());
    gate.open();
    EXPECT_TRUE(loader.waitUntilIdle(5s));
    EXPECT_FALSE(loader.busy());
    EXPECT_EQ(loader.takeCompleted().size(), 2u);
}

TEST(TileLoader, EachWarningComesOnce)
{
    FakeBehaviour behaviour;
    behaviour.warningsPerRead = {"the same problem"};
    tiles::TileLoader loader(factoryOf(behaviour));
    loader.request(keysAlongRow(2));
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    EXPECT_EQ(loader.takeWarnings(), (std::vector<std::string>{"the same problem", "read 1002", "read 1012"}));
    EXPECT_TRUE(loader.takeWarnings().empty());
    loader.takeCompleted();
    loader.request(keysAlongRow(2, 1));
    ASSERT_TRUE(loader.waitUntilIdle(5s));
    EXPECT_EQ(loader.takeWarnings(), (std::vector<std::string>{"read 1022"}));
}

TEST(TileLoader, AFactoryThatThrowsSetsTheFailure)
{
    tiles::TileLoader loader([]() -> std::unique_ptr<tiles::TileReader> {
        throw std::runtime_error("elevation model 'x.tif' does not exist");
    });
    EXPECT_TRUE(loader.waitUntilIdle(5s));
    loader.request(keysAlongRow(3));
    EXPECT_TRUE(loader.waitUntilIdle(5s));
    ASSERT_TRUE(loader.failure());
    EXPECT_EQ(*loader.failure(), "elevation model 'x.tif' does not exist");
    EXPECT_FALSE(loader.busy());
    EXPECT_TRUE(loader.takeCompleted().empty());
}

TEST(TileLoader, AReadThatThrowsStopsTheLoader)
{
    FakeBehaviour behaviour;
    behaviour.throwOnRead = true;
    tiles::TileLoader loader(factoryOf(behaviour));
    loader.request(keysAlongRow(3));
    EXPECT_TRUE(loader.waitUntilIdle(5s));
    ASSERT_TRUE(loader.failure());
    EXPECT_EQ(*loader.failure(), "fake read failure");
    EXPECT_FALSE(loader.busy());
    EXPECT_EQ(loader.statistics().tilesRead, 0u);
}

}  // namespace
