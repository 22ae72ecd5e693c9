// --video: a headless run's frames as a video file or a folder of PNGs.
//
// A video goes through Debian's `ffmpeg` program: the frames, RGBA8 at the
// render size, are written to its standard input, and it encodes them as
// H.264 in MP4 or Matroska, or VP9 in WebM, at --fps frames a second and
// --video-quality (the encoder's constant rate factor: 0 best, 51 worst).
// Encoding runs beside rendering: a thread of its own feeds ffmpeg, a
// process of its own, from a short queue. ffmpeg runs in a process group
// of its own, so that Ctrl+C reaches the viewer alone, which then closes
// the stream and lets ffmpeg finish a playable file of the frames so far.
#pragma once

#include "viewer/Screenshot.h"

#include <sys/types.h>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

namespace viewer {

inline constexpr int kDefaultVideoQuality = 20;
inline constexpr int kMaxVideoQuality = 51;

enum class VideoFormat { Mp4, Matroska, WebM, PngFolder };

// The format an output path asks for: .mp4, .mkv, .webm, or a folder (an
// existing directory, or a name ending in '/' or without an extension).
// Empty for another extension.
[[nodiscard]] std::optional<VideoFormat> videoFormatOf(const std::filesystem::path& output);

// What is wrong with writing frames of `width` x `height` to `output` that
// can be told before rendering: an unknown extension, or an odd size for
// H.264 or VP9 (4:2:0 colour); empty when nothing is.
[[nodiscard]] std::optional<std::string> videoOutputProblem(const std::filesystem::path& output, std::uint32_t width,
                                                            std::uint32_t height);

// A video's failure, one line naming the output.
class VideoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The ffmpeg command line that encodes raw RGBA frames of `width` x
// `height` from standard input into `output`.
[[nodiscard]] std::vector<std::string> ffmpegArguments(const std::filesystem::path& output, VideoFormat format,
                                                       std::uint32_t width, std::uint32_t height,
                                                       double framesPerSecond, int quality);

class VideoWriter {
public:
    // Opens `output` for frames of `width` x `height`: starts ffmpeg, or
    // makes the folder. Throws VideoError: an unknown extension, an odd
    // size for H.264, an output that can not be written, no ffmpeg.
    VideoWriter(std::filesystem::path output, std::uint32_t width, std::uint32_t height, double framesPerSecond,
                int quality);
    ~VideoWriter();
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    // Queues the next frame (waiting while the queue is full). Throws
    // VideoError when the encoder has failed.
    void addFrame(Rgba8Image frame);
    // Writes what is queued, closes the stream and waits for ffmpeg to
    // finish the file. Throws VideoError when it failed.
    void finish();
    [[nodiscard]] std::size_t framesWritten() const;

private:
    void writeFrames();
    void writeFrame(const Rgba8Image& frame, std::size_t index);

    std::filesystem::path output_;
    VideoFormat format_;
    std::uint32_t width_;
    std::uint32_t height_;
    pid_t encoder_ = -1;         // ffmpeg, for a video file
    int encoderInput_ = -1;      // its standard input
    std::filesystem::path log_;  // its messages
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Rgba8Image> queue_;
    bool closing_ = false;
    std::optional<std::string> failure_;
    std::size_t written_ = 0;
    bool finished_ = false;
    std::thread writer_;
};

}  // namespace viewer
