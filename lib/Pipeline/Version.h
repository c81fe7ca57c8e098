//===- Version.h - tilecc's version and the tileiras it stands in for -*- C++ -*-===//
//
// Producers of Tile IR (cuTile Python, cuTile.jl, cutile-rs, Triton) find out
// what their `tileiras` can do from `tileiras --version`: Triton looks for
// "release 13.1", cuTile.jl for a `V<major>.<minor>.<patch>` token, cuTile
// Python puts the whole text in its kernel cache key. The text is therefore
// fixed by the build (no dates or paths) and names tilecc's own version.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_VERSION_H
#define TILECC_PIPELINE_VERSION_H

#include <string>

namespace tilecc {

/// A Tile IR release (bytecode version) as major.minor.
struct TileIRRelease {
  unsigned major;
  unsigned minor;
};

/// The oldest and newest Tile IR releases whose bytecode tilecc reads; the
/// version text reports the newest as the tileiras release tilecc replaces.
constexpr TileIRRelease kOldestTileIRRelease = {13, 1};
constexpr TileIRRelease kNewestTileIRRelease = {13, 4};

/// The `--version` text (several lines, newline-terminated).
std::string getVersionText();

} // namespace tilecc

#endif // TILECC_PIPELINE_VERSION_H
