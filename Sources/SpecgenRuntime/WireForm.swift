/// The wire forms of generated enums' values, for the generated code that puts them in paths, queries, headers and
/// form fields.
public enum WireForm {
    /// The value's wire form: its `rawValue`.
    ///
    /// Generated code asks for it here rather than writing `value.rawValue`. In a module of hundreds of
    /// `RawRepresentable` enums (Stripe's client has 601), the type checker spends 20 to 70 ms on each `.rawValue`
    /// member it meets on one of them, and next to nothing on a call of this generic function.
    public static func of<Value: RawRepresentable>(_ value: Value) -> Value.RawValue { value.rawValue }
}
