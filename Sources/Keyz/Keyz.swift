// The Keyz client. KeyzClient, KeyzMock, the models and the request builders are generated from Specs/Keyz.yaml
// by SpecgenPlugin while the package builds; this file holds the app-side logic of the documented client.
import Foundation
import SpecgenRuntime

extension KeyzAPI {
    /// Registers an account and returns the documented success message, `Registration successful!`.
    ///
    /// A taken email throws `.emailAlreadyExists`, an empty field `.emptyFields`, each with the server's message.
    public func registerUser(with model: RegisterModel) async throws(RegisterUserError) -> String {
        _ = try await registerUser(model)
        return "Registration successful!"
    }
}

extension KeyzClient {
    /// Signs in with the password grant and keeps the tokens in ``keyzTokens``, which authorizes and refreshes
    /// every later request.
    @discardableResult
    public func login(email: String, password: String) async throws(LoginUserError) -> TokenResponse {
        let response = try await loginUser(email: email, password: password)
        await keyzTokens.store(
            TokenSet(
                accessToken: response.accessToken, refreshToken: response.refreshToken,
                expiresAt: Date().addingTimeInterval(TimeInterval(response.expiresIn))))
        return response
    }

    /// Forgets the tokens: later requests fail with `.authentication` until the next ``login(email:password:)``.
    public func logout() async {
        await keyzTokens.store(nil)
    }
}
