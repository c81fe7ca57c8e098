#!/usr/bin/env python3
"""Writes a damaged copy of a Tile IR bytecode file, for the reader tests.

usage: edit-bytecode.py IN OUT EDIT [ARGS]
  version MAJ MIN      header version
  opcode N             opcode of the first operation of the first function
  operand N            first operand index byte of the first function's
                       second operation
  section-length ID N  length field of section ID (rewritten as a varint)
  count ID N           leading count of section ID's payload
  duplicate ID         section ID twice
  drop ID              without section ID
"""
import sys


def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | 0x80 if v else b)
        if not v:
            return bytes(out)


def read_varint(data, pos):
    v = shift = 0
    while True:
        b = data[pos]
        pos += 1
        v |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return v, pos


def sections(data):
    """(id, header start, length field start, payload start, payload end)."""
    pos, out = 12, []
    while data[pos] & 0x7F:
        start, sid = pos, data[pos] & 0x7F
        aligned = data[pos] & 0x80
        length_at = pos + 1
        length, pos = read_varint(data, length_at)
        if aligned:
            align, pos = read_varint(data, pos)
            pos += (-pos) % align
        out.append((sid, start, length_at, pos, pos + length))
        pos += length
    return out


def main():
    src, dst, edit, args = sys.argv[1], sys.argv[2], sys.argv[3], [int(a) for a in sys.argv[4:]]
    data = bytearray(open(src, "rb").read())
    secs = {s[0]: s for s in sections(data)}
    if edit == "version":
        data[8], data[9] = args
    elif edit in ("opcode", "operand"):
        _, _, _, begin, _ = secs[2]
        pos = begin
        _, pos = read_varint(data, pos)          # function count
        for _ in range(2):                        # name, signature
            _, pos = read_varint(data, pos)
        pos += 1                                  # flags
        _, pos = read_varint(data, pos)           # debug index
        _, pos = read_varint(data, pos)           # body length
        if edit == "opcode":
            data[pos] = args[0]
        else:
            # the first op is `iota` (opcode, result type); the second takes
            # one operand after its opcode and result type
            pos += 2
            pos += 2
            data[pos] = args[0]
    elif edit == "section-length":
        sid, start, length_at, begin, end = secs[args[0]]
        _, after = read_varint(data, length_at)
        data = data[:length_at] + varint(args[1]) + data[after:]
    elif edit == "count":
        sid, start, length_at, begin, end = secs[args[0]]
        _, after = read_varint(data, begin)
        new = varint(args[1])
        assert len(new) == after - begin, "count must keep its width"
        data[begin:after] = new
    elif edit == "duplicate":
        sid, start, length_at, begin, end = secs[args[0]]
        data = data[:end] + data[start:end] + data[end:]
    elif edit == "drop":
        sid, start, length_at, begin, end = secs[args[0]]
        data = data[:start] + data[end:]
    else:
        sys.exit("unknown edit " + edit)
    open(dst, "wb").write(data)


if __name__ == "__main__":
    main()
