"""Copies the data of a version 1.0 .npy file (no header) to a raw file."""
import struct
import sys

with open(sys.argv[1], "rb") as f:
    data = f.read()
header = struct.unpack("<H", data[8:10])[0]
with open(sys.argv[2], "wb") as f:
    f.write(data[10 + header:])
