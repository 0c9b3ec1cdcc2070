/// Byte classes of ASCII text, for the paths that read names and generated lines as bytes: in ASCII text a
/// character is a byte, so these give the answers `Character`'s properties give, without looking up Unicode tables.
package enum ASCII {
    /// `A` to `Z`.
    package static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    /// `a` to `z`.
    package static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    /// `0` to `9`.
    package static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    /// A letter or a digit.
    package static func isAlphanumeric(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) || isDigit(byte) }
}

extension String {
    /// Whether every character is ASCII, so the byte paths apply.
    package var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
